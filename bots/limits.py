"""Per-owner caps on the games people and bot owners start without an organiser (issue 18).

Casual games (matches of no event: the "play the house" page, sparring, challenges) each keep a
worker busy for their bots, so one owner cannot start them without end. An owner's games are
the casual matches where they hold a seat, in person or through a bot of their own:

- ``LIVE_GAMES_PER_OWNER`` of them may be in progress at once; the place frees when one ends;
- ``GAMES_PER_DAY_PER_OWNER`` may start in a UTC day; the count starts again at midnight UTC.

The house (which owns the built-in bots that fill tables) has no cap. Tournaments and the ladder
pace their own games, so their matches (which belong to an event) do not count. A refusal names
the limit, the owner it binds and when it frees: ``retry_after`` (seconds) and ``resets_at``
for the daily cap.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta
from datetime import timezone as dt_timezone

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils import timezone

from games.errors import ServiceError
from games.models import Match

from .house_names import HOUSE_USERNAME


class GameLimitReached(ServiceError):
    """An owner is at one of their caps. ``which`` is "live" or "daily"."""

    def __init__(self, which, owner, limit, resets_at=None):
        details = {"limit": limit, "owner": owner.username, "which": which}
        if which == "live":
            super().__init__("too_many_live_games", **details)
        else:
            seconds = max(1, int((resets_at - timezone.now()).total_seconds()))
            super().__init__("too_many_games_today", resets_at=resets_at.isoformat(), retry_after=seconds, **details)
        self.which, self.limit, self.owner = which, limit, owner


@dataclass(frozen=True)
class Usage:
    """An owner's games against their caps: what the bot pages and ``GET limits/`` show."""

    live: int
    live_limit: int
    today: int
    daily_limit: int
    resets_at: datetime

    def as_json(self):
        return {
            "live_games": {"used": self.live, "limit": self.live_limit},
            "games_today": {"used": self.today, "limit": self.daily_limit, "resets_at": self.resets_at.isoformat()},
        }


def day_start(now):
    """Midnight UTC of ``now``'s day: the daily count covers games created since then."""
    return now.astimezone(dt_timezone.utc).replace(hour=0, minute=0, second=0, microsecond=0)


def owner_games(user):
    """The casual matches where ``user`` holds a seat, in person or through a bot of their own."""
    ids = Match.objects.filter(event="").filter(Q(seats__user=user) | Q(seats__bot__owner=user)).values("pk")
    return Match.objects.filter(pk__in=ids)


def usage(user, now=None):
    now = now or timezone.now()
    start = day_start(now)
    games = owner_games(user)
    return Usage(
        live=games.filter(status=Match.Status.LIVE).count(),
        live_limit=settings.LIVE_GAMES_PER_OWNER,
        today=games.filter(created_at__gte=start).count(),
        daily_limit=settings.GAMES_PER_DAY_PER_OWNER,
        resets_at=start + timedelta(days=1),
    )


def is_capped(user):
    """The house's bots fill tables for everyone: its account has no cap."""
    return user.username != HOUSE_USERNAME


def check_allowance(user, now=None):
    """Refuse (GameLimitReached) if one more game would take ``user`` over a cap."""
    if not is_capped(user):
        return
    used = usage(user, now)
    if used.live >= used.live_limit:
        raise GameLimitReached("live", user, used.live_limit)
    if used.today >= used.daily_limit:
        raise GameLimitReached("daily", user, used.daily_limit, used.resets_at)


def lock_owners(users):
    """Lock the owners' rows (in one order, so two starts cannot deadlock) for the rest of the
    transaction: the count and the creation of a game become one step, and two requests sent at
    once cannot both take an owner's last place. Call inside ``transaction.atomic``."""
    ids = sorted({u.pk for u in users})
    list(get_user_model().objects.select_for_update().filter(pk__in=ids).order_by("pk").values_list("pk"))


def seat_owners(holders):
    """The accounts whose caps a table of ``holders`` (users, bots or None) counts against."""
    owners = {}
    for holder in holders:
        if holder is None:
            continue
        owner = getattr(holder, "owner", holder)  # a bot counts against its owner
        owners[owner.pk] = owner
    return [owner for owner in owners.values() if is_capped(owner)]
