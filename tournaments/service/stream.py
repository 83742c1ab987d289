"""What every tournament action stands on: the tournament's row locked, who may act on it,
its stream appended to, and the seating its stream records read back (the rounds started, the
next round's draw, whether the draw waits for check-in)."""

import typing

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.errors import ServiceError
from games.record import eventlog

from ..models import Tournament


def actor_of(by):
    """Who an event's metadata names: a user, or the system (the autopilot, the result recorder)."""
    return "system" if by is None else f"user:{by.pk}"


def append(tournament, events, actor):
    """Append to the tournament's stream; the caller holds the tournament's row lock."""
    rows = eventlog.append(
        tournament.stream,
        tournament.version,
        events,
        {"actor": actor},
        known_head=(tournament.version, tournament.head_hash),
    )
    tournament.version += len(events)
    tournament.head_hash = rows[-1].hash
    return rows


def locked(tournament_id):
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except Tournament.DoesNotExist:
        raise ServiceError("not_found", problem=_("no tournament %(tournament)s"), tournament=tournament_id) from None


def check_organiser(tournament, user):
    """``user`` None is the system acting on the tournament's own settings (its autopilot)."""
    if user is not None and user.pk != tournament.organiser_id and not user.is_staff:
        raise ServiceError("organiser_only")


def seated_entrants(tournament):
    """{round: [[entrant ids in seat order] per table]} and {round: [entrant ids on bye]}, from the stream."""
    tables, byes = {}, {}
    for row in eventlog.stream_events(tournament.stream):
        if row.type == "round_started":
            tables[row.payload["round"]] = [t["seats"] for t in row.payload["tables"]]
            byes[row.payload["round"]] = row.payload["byes"]
    return tables, byes


class NextRound(typing.NamedTuple):
    """What the stream says of the round to start next: its draw (the payload of its last
    ``round_drawn``, or None while it is not drawn), whether the draw seats only the people
    who have checked in (the last ``check_in_required``; off by default) and how many of its
    tables play with cards (the last ``tables_with_cards``; none by default)."""

    draw: dict | None
    check_in_required: bool
    tables_with_cards: int = 0


def next_round(tournament):
    """The NextRound of ``tournament``, read from its stream. A round's draw stands until the
    round starts (``round_started``) or is drawn again; the next round is the one after the
    tournament's current round."""
    draw, required, cards = None, False, 0
    number = tournament.current_round + 1
    for row in eventlog.stream_events(tournament.stream):
        if row.type == "round_drawn" and row.payload["round"] == number:
            draw = row.payload
        elif row.type == "check_in_required":
            required = bool(row.payload["required"])
        elif row.type == "tables_with_cards":
            cards = row.payload["count"]
    return NextRound(draw, required, cards)


def do_set_for_next_rounds(tournament_id, by, setting, value, event):
    """The organiser sets what the rounds to come read from the stream (a NextRound field:
    check-in required, tables with cards): ``event`` is appended only when it changes the value
    in force, and never once the tournament is finished. Returns ``value``."""
    with transaction.atomic():
        tournament = locked(tournament_id)
        check_organiser(tournament, by)
        if tournament.status == Tournament.Status.FINISHED:
            raise ServiceError("tournament_finished")
        if getattr(next_round(tournament), setting) != value:
            append(tournament, [event], actor_of(by))
            tournament.save(update_fields=["version", "head_hash"])
    return value
