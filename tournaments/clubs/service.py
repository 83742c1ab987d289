"""A club's changes: each checked (``check_*``, raising ServiceError with a code of the
catalogue, games/errors.py), then made (``do_*``) in one transaction under the club's row lock,
so that a refusal stores nothing and two changes at once take turns (the last organiser cannot
be demoted by one while another leaves).

- Clubs: anyone signed in creates one (at most ``CLUBS_PER_ACCOUNT`` each) and is its first
  organiser.
- Invitation links: an organiser makes one (shown once: only its SHA-256 is stored,
  ``ClubInvitation``), with an expiry or none, and revokes it; anyone signed in who holds a
  live link joins as a member. At most ``LINKS_PER_CLUB`` links are live at once.
- Members: a member leaves; an organiser makes a member an organiser, or an organiser a member
  again, or removes a member. A club always keeps an organiser (``last_organiser``).
- Seasons: an organiser creates one (sum of every event's points, or the best N) and adds or
  removes the club's own events, which must score alike (tournaments.clubs.season).
- Events: only an organiser of a club may create a tournament for it
  (``check_club_event``, which tournaments.service.creation asks).
"""

import hashlib
import secrets
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.engine import RULESETS
from games.errors import ServiceError

from ..models import Club, ClubInvitation, ClubMember, Season, SeasonEvent, Tournament
from . import season as season_fold

CLUBS_PER_ACCOUNT = 10  # clubs an account has created and that still stand
LINKS_PER_CLUB = 20  # invitation links live at once
EVENTS_PER_SEASON = 100
NAME_MAX = 80
LINK_DAYS_MAX = 365
BEST_N_MAX = 100
TOKEN_PREFIX = "kc_"  # a club link's secret: "kc_" and 32 random bytes, URL-safe

ORGANISER, MEMBER = ClubMember.Role.ORGANISER, ClubMember.Role.MEMBER


# ------------------------------------------------------------------ reading
def hash_token(token):
    """What the database keeps of a link's secret: its SHA-256 (the secret is 32 random bytes, so
    no salt is needed, as for API tokens)."""
    return hashlib.sha256(token.encode()).hexdigest()


def get_club(pk, lock=False):
    query = Club.objects.select_for_update() if lock else Club.objects.all()
    club = query.filter(pk=pk).first()
    if club is None:
        raise ServiceError("not_found", problem=_("no club %(club)s"), club=pk)
    return club


def get_season(pk, lock=False):
    season = Season.objects.select_related("club").filter(pk=pk).first()
    if season is None:
        raise ServiceError("not_found", problem=_("no season %(season)s"), season=pk)
    if lock:
        get_club(season.club_id, lock=True)
    return season


def membership(club, user):
    if user is None or not user.is_authenticated:
        return None
    return ClubMember.objects.filter(club=club, user=user).first()


def is_organiser(club, user):
    member = membership(club, user)
    return member is not None and member.role == ORGANISER


def clubs_of(user):
    """The clubs ``user`` belongs to, by name."""
    return Club.objects.filter(members__user=user).order_by("name", "pk")


def live_invitations(club, now=None):
    """The club's links that still work: not revoked, not expired."""
    now = now or timezone.now()
    return club.invitations.filter(revoked_at__isnull=True).filter(Q(expires_at__isnull=True) | Q(expires_at__gt=now))


# ------------------------------------------------------------------ checks
def check_organiser(club, user):
    if not is_organiser(club, user):
        raise ServiceError("club_organiser_only")


CLUB = _("a club")


def check_name(name, what=CLUB):
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= NAME_MAX:
        raise ServiceError(
            "invalid_input",
            problem=_("%(what)s needs a name of 1 to %(most)s characters"),
            what=what,
            most=NAME_MAX,
        )
    return name.strip()


def check_club_event(user, club):
    """Whether ``user`` may hold a tournament for ``club`` (a Club or its id): its organisers only."""
    club = club if isinstance(club, Club) else get_club(club)
    check_organiser(club, user)
    return club


def check_last_organiser(club, member):
    """Refuses to take away the club's last organiser (by leaving, removal or demotion)."""
    if member.role == ORGANISER and not club.members.filter(role=ORGANISER).exclude(pk=member.pk).exists():
        raise ServiceError("last_organiser")


def check_join(invitation, user, now=None):
    """Whether ``user`` may join through ``invitation`` (None: a link no club has); ``user``
    None checks the link alone, for a visitor not signed in."""
    now = now or timezone.now()
    if invitation is None:
        raise ServiceError("invitation_unknown")
    if invitation.revoked_at is not None:
        raise ServiceError("invitation_revoked")
    if invitation.expires_at is not None and invitation.expires_at <= now:
        raise ServiceError("invitation_expired", expired_at=invitation.expires_at.strftime("%Y-%m-%d %H:%M"))
    if user is not None and ClubMember.objects.filter(club_id=invitation.club_id, user=user).exists():
        raise ServiceError("already_member", club=invitation.club.name)


def check_season_settings(name, scoring, best_n, tie_breaks):
    name = check_name(name, _("a season"))
    if scoring not in Season.Scoring.values:
        raise ServiceError("invalid_input", problem=_("scoring is 'sum' or 'best'"))
    if scoring == Season.Scoring.BEST:
        if type(best_n) is not int or not 1 <= best_n <= BEST_N_MAX:
            raise ServiceError(
                "invalid_input", problem=_("best_n is a whole number from 1 to %(most)s"), most=BEST_N_MAX
            )
    elif best_n is not None:
        raise ServiceError("invalid_input", problem=_("best_n is for the 'best' scoring only"))
    if (
        not isinstance(tie_breaks, list)
        or any(t not in season_fold.TIE_BREAKS for t in tie_breaks)
        or len(set(tie_breaks)) != len(tie_breaks)
    ):
        raise ServiceError("invalid_tie_breaks", allowed=", ".join(season_fold.TIE_BREAKS))
    return name


def scoring_kind(tournament):
    """What the tournament's points are (tournaments.clubs.season.scoring_kind), from its row."""
    lowest_wins = RULESETS[tournament.ruleset].lowest_wins(tournament.options)
    return season_fold.scoring_kind(tournament.ruleset, lowest_wins, tournament.format, tournament.table_points)


def check_season_event(season, tournament):
    if tournament.club_id != season.club_id:
        raise ServiceError("not_club_event", tournament=tournament.name)
    events = list(season.events.select_related("tournament"))
    if any(e.tournament_id == tournament.pk for e in events):
        raise ServiceError("already_in_season", tournament=tournament.name)
    if events and scoring_kind(events[0].tournament) != scoring_kind(tournament):
        raise ServiceError("season_mismatch", tournament=tournament.name)
    if len(events) >= EVENTS_PER_SEASON:
        raise ServiceError("invalid_input", problem=_("a season holds at most %(most)s events"), most=EVENTS_PER_SEASON)


# ------------------------------------------------------------------ clubs
def do_create_club(user, name):
    name = check_name(name)
    with transaction.atomic():
        # The creator's row, locked: two creations at once take turns at the cap.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        if Club.objects.filter(created_by=user).count() >= CLUBS_PER_ACCOUNT:
            raise ServiceError("too_many_clubs", limit=CLUBS_PER_ACCOUNT)
        club = Club.objects.create(name=name, created_by=user)
        ClubMember.objects.create(club=club, user=user, role=ORGANISER)
    return club


# ------------------------------------------------------------------ invitation links
def check_link_days(days):
    if days is not None and (type(days) is not int or not 1 <= days <= LINK_DAYS_MAX):
        raise ServiceError(
            "invalid_input",
            problem=_("expires_in_days is a whole number from 1 to %(most)s, or null for no expiry"),
            most=LINK_DAYS_MAX,
        )


def do_create_invitation(club_id, user, expires_in_days=None):
    """A new link for the club: returns (the invitation, its secret). The secret is shown this
    once; the database keeps its hash."""
    check_link_days(expires_in_days)
    with transaction.atomic():
        club = get_club(club_id, lock=True)
        check_organiser(club, user)
        if live_invitations(club).count() >= LINKS_PER_CLUB:
            raise ServiceError("too_many_invitations", limit=LINKS_PER_CLUB)
        token = TOKEN_PREFIX + secrets.token_urlsafe(32)
        expires_at = None if expires_in_days is None else timezone.now() + timedelta(days=expires_in_days)
        invitation = ClubInvitation.objects.create(
            club=club, token_hash=hash_token(token), created_by=user, expires_at=expires_at
        )
    return invitation, token


def do_revoke_invitation(club_id, user, invitation_id):
    """Revokes the link (a link revoked already stays as it is)."""
    with transaction.atomic():
        club = get_club(club_id, lock=True)
        check_organiser(club, user)
        invitation = club.invitations.select_for_update().filter(pk=invitation_id).first()
        if invitation is None:
            raise ServiceError("not_found", problem=_("no invitation %(invitation)s"), invitation=invitation_id)
        if invitation.revoked_at is None:
            invitation.revoked_at = timezone.now()
            invitation.save(update_fields=["revoked_at"])
    return invitation


def find_invitation(token):
    """The invitation a link's secret names, or None (an unknown or malformed secret alike)."""
    if not isinstance(token, str) or not token.startswith(TOKEN_PREFIX) or len(token) > 100:
        return None
    return ClubInvitation.objects.select_related("club").filter(token_hash=hash_token(token)).first()


def do_join(user, token):
    """``user`` joins the club of the link ``token``: returns the membership."""
    invitation = find_invitation(token)
    check_join(invitation, user)
    with transaction.atomic():
        get_club(invitation.club_id, lock=True)
        invitation = ClubInvitation.objects.select_for_update().select_related("club").get(pk=invitation.pk)
        check_join(invitation, user)
        try:
            with transaction.atomic():
                member = ClubMember.objects.create(club=invitation.club, user=user, role=MEMBER)
        except IntegrityError:  # joined meanwhile, through another link
            raise ServiceError("already_member", club=invitation.club.name) from None
        invitation.uses += 1
        invitation.save(update_fields=["uses"])
    return member


# ------------------------------------------------------------------ members
def member_of(club, user_id):
    member = ClubMember.objects.select_related("user").filter(club=club, user_id=user_id).first()
    if member is None:
        user = get_user_model().objects.filter(pk=user_id).first()
        raise ServiceError("not_a_member", user=user.username if user is not None else str(user_id))
    return member


def do_leave(club_id, user):
    with transaction.atomic():
        club = get_club(club_id, lock=True)
        member = member_of(club, user.pk)
        check_last_organiser(club, member)
        member.delete()


def do_remove_member(club_id, by, user_id):
    """An organiser removes a member (themself: leaving)."""
    if user_id == by.pk:
        return do_leave(club_id, by)
    with transaction.atomic():
        club = get_club(club_id, lock=True)
        check_organiser(club, by)
        member = member_of(club, user_id)
        check_last_organiser(club, member)
        member.delete()


def do_set_role(club_id, by, user_id, role):
    """An organiser makes a member an organiser, or an organiser (themself too) a member."""
    if role not in ClubMember.Role.values:
        raise ServiceError("invalid_input", problem=_("role is 'organiser' or 'member'"))
    with transaction.atomic():
        club = get_club(club_id, lock=True)
        check_organiser(club, by)
        member = member_of(club, user_id)
        if role == MEMBER:
            check_last_organiser(club, member)
        if member.role != role:
            member.role = role
            member.save(update_fields=["role"])
    return member


# ------------------------------------------------------------------ seasons
def do_create_season(club_id, user, name, scoring="sum", best_n=None, tie_breaks=None):
    tie_breaks = ["game_score", "opponents_points"] if tie_breaks is None else tie_breaks
    name = check_season_settings(name, scoring, best_n, tie_breaks)
    with transaction.atomic():
        club = get_club(club_id, lock=True)
        check_organiser(club, user)
        return Season.objects.create(club=club, name=name, scoring=scoring, best_n=best_n, tie_breaks=tie_breaks)


def season_tournament(tournament_id):
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        raise ServiceError("not_found", problem=_("no tournament %(tournament)s"), tournament=tournament_id)
    return tournament


def do_add_event(season_id, user, tournament_id):
    """Adds one of the club's own events to the season, after those it holds."""
    with transaction.atomic():
        season = get_season(season_id, lock=True)
        check_organiser(season.club, user)
        tournament = season_tournament(tournament_id)
        check_season_event(season, tournament)
        last = season.events.aggregate(last=Max("position"))["last"] or 0
        return SeasonEvent.objects.create(season=season, tournament=tournament, position=last + 1)


def do_remove_event(season_id, user, tournament_id):
    with transaction.atomic():
        season = get_season(season_id, lock=True)
        check_organiser(season.club, user)
        event = season.events.filter(tournament_id=tournament_id).first()
        if event is None:
            raise ServiceError(
                "not_found", problem=_("tournament %(tournament)s is not in this season"), tournament=tournament_id
            )
        event.delete()
