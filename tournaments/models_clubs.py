"""Clubs and their seasons (issue 34, docs/clubs.md): a club's members and organisers, the
invitation links its organisers share, and the seasons that add up its events.

These rows are settings and memberships, not results: a club's events are tournaments like any
other (``Tournament.club``), whose facts stay in their own streams; a season's standings and
the club's ratings are folded from those streams when they are read
(tournaments.clubs.season, tournaments.clubs.ratings), never stored here.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    name = models.CharField(max_length=80)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="clubs_created")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return self.name


class ClubMember(models.Model):
    class Role(models.TextChoices):
        ORGANISER = "organiser", _("organiser")
        MEMBER = "member", _("member")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_club_and_user")]

    def __str__(self):
        return f"{self.user} in {self.club} ({self.role})"


class ClubInvitation(models.Model):
    """A link an organiser shares: anyone signed in who holds it joins the club as a member.

    The link's secret is shown once, when it is made; the database keeps only its SHA-256
    (``token_hash``), so a copy of the database holds no link that works (as API tokens,
    games/accounts/tokens.py). Revoking it, or its expiry, ends it for good."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    token_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(null=True, blank=True, help_text="none: good until revoked")
    revoked_at = models.DateTimeField(null=True, blank=True)
    uses = models.PositiveIntegerField(default=0, help_text="members who joined through it")

    def __str__(self):
        return f"invitation {self.pk} to {self.club}"


class Season(models.Model):
    """A series of a club's events with one standing (tournaments.clubs.season)."""

    class Scoring(models.TextChoices):
        SUM = "sum", _("The sum of every event's points")
        BEST = "best", _("The best N events' points")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=80)
    scoring = models.CharField(max_length=4, choices=Scoring.choices, default=Scoring.SUM)
    best_n = models.PositiveSmallIntegerField(null=True, blank=True, help_text="with 'best': how many events count")
    tie_breaks = models.JSONField(default=list, help_text="as a tournament's, applied after the season's points")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return self.name


class SeasonEvent(models.Model):
    """One of a season's events, in the order the season lists them (``position``)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="events")
    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.PROTECT, related_name="season_events")
    position = models.PositiveSmallIntegerField()
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "position"]
        constraints = [
            models.UniqueConstraint(fields=["season", "tournament"], name="one_entry_per_season_and_event"),
        ]
