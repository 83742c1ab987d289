"""Tables with friends (issue 19): a lobby before a match, where its owner seats people by
name or by link and house bots in the seats left, then starts it (bots/friends.py)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .house_names import house_bot_name


class FriendsTable(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("waiting for players")
        STARTED = "started", _("started")
        CANCELLED = "cancelled", _("cancelled")

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="friends_tables")
    ruleset = models.CharField(max_length=20)
    options = models.JSONField(default=dict)
    num_seats = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    match = models.OneToOneField(
        "games.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="friends_table"
    )
    # The invitation link's token is HMAC(SECRET_KEY, "<id>:<nonce>") (bots/friends.py): the link
    # is stored nowhere, a copy of the database cannot make it, and a new nonce revokes it.
    link_nonce = models.CharField(max_length=32)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"friends table {self.pk} ({self.ruleset})"


class FriendsTableSeat(models.Model):
    """One seat of the lobby, in the match's seat order: open (no user, no strategy), held for a
    person the owner named (``invited``), taken by a person, or a house bot of ``house_strategy``."""

    table = models.ForeignKey(FriendsTable, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    invited = models.BooleanField(default=False, help_text="named by the owner, not sat down yet")
    house_strategy = models.CharField(max_length=20, blank=True)

    class Meta:
        ordering = ["table", "index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="friends_seat_index_unique"),
            # One person, one seat (docs/architecture.md §3.5): the database holds it too.
            models.UniqueConstraint(
                fields=["table", "user"], condition=models.Q(user__isnull=False), name="friends_seat_one_per_person"
            ),
            models.CheckConstraint(
                condition=models.Q(user__isnull=True) | models.Q(house_strategy=""), name="friends_seat_person_or_bot"
            ),
        ]

    @property
    def bot_name(self):
        """The house bot that will hold the seat, by the name the table shows."""
        return house_bot_name(self.house_strategy) if self.house_strategy else ""

    @property
    def is_open(self):
        return self.user_id is None and not self.house_strategy

    @property
    def is_taken(self):
        return bool(self.house_strategy) or (self.user_id is not None and not self.invited)
