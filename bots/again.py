"""Play again (issue 35): a seated person of a finished casual match asks for the same game,
with the same options, at the same table.

Who sits again decides how (docs/pages.md, "Play again"):

- nobody to ask (the house's bots, built-in bots, the person's own bots): the new match starts
  at once, everyone in the seat they had, within every owner's caps (bots.limits) as a practice
  game's start checks them;
- other people and only house bots beside them: a lobby of a table with friends
  (bots/friends.py), the asker its owner in their own seat, each other person invited to the seat
  they had (their home page lists the invitation; they accept by sitting down) and the house bots
  seated at once; the owner starts it once everyone has sat down, as any table with friends;
- another owner's webhook or polling bot at the table: a challenge (bots/challenges.py) naming
  everyone else at the table, which that bot or its owner accepts (seats are drawn at start, as in
  any challenge).

A tournament's match is never played again from its table (its event seats the rounds), nor one
still in play, nor by anyone who held no seat in it. Every refusal raises ServiceError before
anything is stored; the lobby and the challenge go through their own module's checks and caps.
"""

import secrets
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.errors import ServiceError
from games.models import Match, Seat
from games.service import creating

from . import challenges, friends, limits
from .house_names import HOUSE_USERNAME
from .models import Bot, Challenge, FriendsTable, FriendsTableSeat
from .sparring import table_size


@dataclass(frozen=True)
class Again:
    """What play again made: a ``match`` that has started, a friends ``table`` waiting for the
    people invited to it, or a ``challenge`` waiting for an answer (exactly one is set)."""

    match: Match | None = None
    table: FriendsTable | None = None
    challenge: Challenge | None = None


def is_house(bot):
    return bot.owner.username == HOUSE_USERNAME


def check_again(user, match_id):
    """The finished casual match ``match_id`` and who held each of its seats (a user or a Bot, in
    seat order), if ``user`` may ask to play it again; a ServiceError saying why not otherwise."""
    match = Match.objects.filter(pk=match_id).first() if isinstance(match_id, int) else None
    if match is None:
        raise ServiceError("not_found", problem=_("no match %(match)s"), match=match_id)
    seats = list(Seat.objects.filter(match=match).select_related("user", "bot__owner").order_by("index"))
    if not user.is_authenticated or not any(s.user_id == user.pk for s in seats):
        raise ServiceError("not_your_seat")
    if match.event:
        raise ServiceError("rematch_in_event")
    if match.status != Match.Status.OVER:
        raise ServiceError("game_not_over")
    holders = [s.user or s.bot for s in seats]
    if len(holders) != match.num_seats or None in holders:
        raise ServiceError("seats_open")
    return match, holders


def to_ask(user, holder):
    """Whether ``holder``'s seat waits for someone's yes: another person, or another owner's bot
    that is not a built-in one of the house."""
    if isinstance(holder, Bot):
        return holder.owner_id != user.pk and not is_house(holder)
    return holder.pk != user.pk


def do_play_again(user, match_id):
    """Play match ``match_id`` again for ``user`` (see the module's docstring); returns Again."""
    match, holders = check_again(user, match_id)
    asked = [h for h in holders if to_ask(user, h)]
    if not asked:
        return Again(match=start_now(user, match, holders))
    if all(not isinstance(h, Bot) or is_house(h) for h in holders):
        return Again(table=open_lobby(user, match, holders))
    return Again(challenge=challenge_again(user, match, holders))


def start_now(user, match, holders):
    """Everyone sits at once, in the seat they had: each owner within their caps, their rows locked
    as a practice game's start locks them (bots/views_play.py)."""
    with transaction.atomic():
        owners = limits.seat_owners(holders)
        limits.lock_owners(owners)
        for owner in owners:
            limits.check_allowance(owner)
        return creating.do_create_match(match.ruleset, match.options, holders, created_by=user)


def open_lobby(user, match, holders):
    """A table with friends laid out as ``match`` was: its owner ``user`` in their seat, the other
    people invited to theirs, the house bots seated. The checks of a new table with friends."""
    creating.check_table_size(match.ruleset, match.options, holders)
    if table_size(match.ruleset, match.options) != len(holders):
        raise ServiceError("seats_open")
    limits.check_allowance(user)
    open_tables = FriendsTable.objects.filter(owner=user, status=FriendsTable.Status.OPEN).count()
    if open_tables >= friends.OPEN_TABLES_PER_PERSON:
        raise ServiceError("too_many_open_tables", limit=friends.OPEN_TABLES_PER_PERSON)
    with transaction.atomic():
        table = FriendsTable.objects.create(
            owner=user,
            ruleset=match.ruleset,
            options=match.options,
            num_seats=len(holders),
            link_nonce=secrets.token_hex(16),
        )
        FriendsTableSeat.objects.bulk_create(
            FriendsTableSeat(
                table=table,
                index=index,
                user=None if isinstance(holder, Bot) else holder,
                invited=not isinstance(holder, Bot) and holder.pk != user.pk,
                house_strategy=holder.strategy if isinstance(holder, Bot) else "",
            )
            for index, holder in enumerate(holders)
        )
    return table


def challenge_again(user, match, holders):
    """A challenge from ``user`` naming everyone else at the table (bots by name, the house's
    included, so that each keeps its strength); the challenge's own checks and caps apply."""
    opponents = [
        {"bot": holder.name} if isinstance(holder, Bot) else holder.username
        for holder in holders
        if isinstance(holder, Bot) or holder.pk != user.pk
    ]
    return challenges.do_challenge(user, match.ruleset, match.options, own_seat="me", opponents=opponents)
