"""Seats handed over (issue 19): a person leaves their seat to a house bot, a ruling gives it
back; both are platform events appended alone, which the engine never sees."""

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games import engine, hooks
from games.errors import ServiceError
from games.models import Event, Match, Seat
from games.record import eventlog
from games.service import announcement, playing

HAND_OVERS = ("seat_taken_over", "seat_returned")


def seat_hand_overs(match):
    """The match's hand-overs in order, as (type, payload): seat_taken_over and seat_returned."""
    return list(
        Event.objects.filter(stream=match.stream, type__in=HAND_OVERS)
        .order_by("version")
        .values_list("type", "payload")
    )


def seat_taken_over(match, seat):
    """The seat_taken_over payload if a house bot holds ``seat`` now (None if its holder plays)."""
    holder = None
    for kind, payload in seat_hand_overs(match):
        if payload.get("seat") == seat:
            holder = payload if kind == "seat_taken_over" else None
    return holder


def seats_taken_over(match):
    """The seats a house bot holds now, in order: each seat whose last hand-over is a
    seat_taken_over (for faults, for timeouts, or its person left) and not a ruling's
    seat_returned. Read when a rated match ends, this is whose results are forfeits
    (tournaments.ratings.match_ratings)."""
    holders = {}
    for kind, payload in seat_hand_overs(match):
        holders[payload.get("seat")] = kind == "seat_taken_over"
    return sorted(seat for seat, taken in holders.items() if taken and seat in range(match.num_seats))


def do_append_platform(match_id, actor, events, check=None):
    """Append platform events alone (no action: a seat left, a seat returned), under the match's
    lock; ``check(match)`` raises ServiceError to refuse, storing nothing. ``events`` may be a
    function of the locked match that returns them (or raises); none returned appends nothing.
    The state does not change (the engine never sees them); the head does, and is announced."""
    with transaction.atomic():
        match = playing.locked_match(match_id)
        if match.status == Match.Status.OVER:
            raise ServiceError("match_over")
        if check is not None:
            check(match)
        if callable(events):
            events = events(match)
        if not events:
            return match
        rows = eventlog.append(
            match.stream,
            match.version,
            events,
            {"actor": actor},
            known_head=(match.version, match.head_hash),
            declared=playing.declared_events(match),
        )
        match.version += len(events)
        match.head_hash = rows[-1].hash
        match.save(update_fields=["version", "head_hash"])
        announcement.announce_after_commit(match)
    return match


# Why a house bot took a person's seat (seat_taken_over "reason"): they left the table.
LEFT_THE_TABLE = "left"


def check_leave(match, user):
    """The seat ``user`` may leave in ``match``, or a ServiceError saying why not (no seat, the
    game is over, a house bot already plays it). Reads only."""
    if user is None or not user.is_authenticated:
        raise ServiceError("not_your_seat")
    seat = Seat.objects.filter(match=match, user=user).values_list("index", flat=True).first()
    if seat is None:
        raise ServiceError("not_your_seat")
    if match.status == Match.Status.OVER:
        raise ServiceError("match_over")
    if seat_taken_over(match, seat):
        raise ServiceError("seat_already_left")
    return seat


def do_leave_seat(match_id, user):
    """``user`` leaves their seat: a house bot (the ruleset's takeover policy) plays it to the
    end, as a seat_taken_over event. In an event's match, leaving is the event's own withdrawal
    (hooks.EVENT_SEAT_EXITS), done in the same transaction. Refusals store nothing."""
    events = []

    def check(match):
        seat = check_leave(match, user)
        if match.event and not any(hooks.EVENT_SEAT_EXITS.answers(match, user)):
            raise ServiceError("cannot_leave")
        events.append(
            {
                "type": "seat_taken_over",
                "seat": seat,
                "by": engine.RULESETS[match.ruleset].takeover_policy,
                "reason": LEFT_THE_TABLE,
            }
        )

    if user is None or not user.is_authenticated:
        raise ServiceError("not_your_seat")
    return do_append_platform(match_id, playing.actor_key(user), events, check)


def do_return_seat(match_id, seat, actor, reason):
    """A ruling gives a seat back after a house bot took it (a person's for timeouts, a bot's
    for faults): a seat_returned event, after which its holder plays again with their strikes
    or faults reset. A seat whose player left, an open seat and a seat nobody took are
    refused; nothing is stored."""
    if not isinstance(reason, str) or not 1 <= len(reason.strip()) <= 500:
        raise ServiceError("invalid_ruling", problem=_("a ruling gives its reason (1 to 500 characters)"))

    def check(match):
        if isinstance(seat, bool) or seat not in range(match.num_seats):
            raise ServiceError("invalid_seat", last=match.num_seats - 1)
        held = Seat.objects.filter(match=match, index=seat).filter(Q(user__isnull=False) | Q(bot__isnull=False))
        if not held.exists():
            raise ServiceError("not_a_person")
        taken = seat_taken_over(match, seat)
        if taken is None:
            raise ServiceError("seat_not_taken")
        if taken.get("reason") == LEFT_THE_TABLE:
            raise ServiceError("seat_left")

    event = {"type": "seat_returned", "seat": seat, "reason": reason.strip() if isinstance(reason, str) else ""}
    return do_append_platform(match_id, actor, [event], check)
