"""The people's clocks at a table (issue 19): how long each seat has for its move.

The arithmetic is games.service.clock_rules (pure); this module reads what it needs from the match's
log: its platform events (timeouts, hand-overs, returns), the times of the person actions
(only when the match has a bank) and when the turn at the head started. The deadline is the
worker's to enforce (bots.runner.person_deadline, run by the match's one pending deadline task,
bots.tasks, and swept as a backstop), never the browser's: the page only shows it.

What it reads is what every seat may see: a clock depends on the match's settings and the log's
times, never on a hand (the table page shows it: games.pages.table.table_clock_context).
"""

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from games.models import Event, Seat
from games.service import clock_rules, states

# A question every seat is asked in turn, by the engine's phase name, and the answer the clock
# records for a person at TIMED_QUESTION_SECONDS, whatever they hold (docs/misdeal-question.md).
TIMED_QUESTIONS = {"misdeal_claim": {"type": "pass"}}


def rules_of(match):
    return clock_rules.Rules(match.move_seconds, match.bank_seconds or 0.0, match.strike_limit)


def timed_question_seconds(phase):
    """The fixed seconds of a timed question in ``phase``, or None for an ordinary turn."""
    return float(settings.TIMED_QUESTION_SECONDS) if phase in TIMED_QUESTIONS else None


def seat_records(match):
    """Each seat's clock record (bank left, strikes, taken over) from the match's log."""
    rules = rules_of(match)
    platform = list(
        Event.objects.filter(stream=match.stream, type__in=states.PLATFORM_EVENTS)
        .order_by("version")
        .values_list("type", "payload")
    )
    spent = ()
    if rules.bank_seconds and rules.move_seconds is not None:
        rows = Event.objects.filter(stream=match.stream, version__lte=match.version).order_by("version")
        spent = clock_rules.action_times(rows.values_list("recorded_at", "metadata"))
    return clock_rules.records(match.num_seats, rules, platform, spent)


def turn_started(match):
    """When the turn at the head began: the time its last event was recorded."""
    return (
        Event.objects.filter(stream=match.stream, version=match.version).values_list("recorded_at", flat=True).first()
    )


def person_turn(match, state):
    """The person's turn at the head, if it is one the clock runs: a dict with ``seat``,
    ``deadline`` (a datetime), ``timed`` (the timed question's answer, or None) and ``record``;
    None when the match is over, the seat to act is a bot's or taken over, or there is no clock."""
    seat = state.to_act
    if match.status != match.Status.LIVE or seat is None:
        return None
    if not Seat.objects.filter(match=match, index=seat, user__isnull=False).exists():
        return None
    record = seat_records(match)[seat]
    if record.taken_over:
        return None
    phase = getattr(state, "phase", None)
    seconds = clock_rules.allowance(rules_of(match), record, timed_question_seconds(phase))
    started = turn_started(match)
    if seconds is None or started is None:
        return None
    return {
        "seat": seat,
        "deadline": started + timedelta(seconds=seconds),
        "timed": TIMED_QUESTIONS.get(phase),
        "record": record,
    }


def match_clocks(match, view):
    """Each seat's clock as data (the API's and the page's): ``{seat: {"move", "bank",
    "strikes", "taken_over", "to_act", "timed"}}``, seconds left; {} when no seat has one."""
    rules = rules_of(match)
    records = seat_records(match)
    to_act = view.get("to_act")
    timed = timed_question_seconds(view.get("phase"))
    started = turn_started(match) if to_act is not None else None
    elapsed = (timezone.now() - started).total_seconds() if started is not None else None
    people = set(Seat.objects.filter(match=match, user__isnull=False).values_list("index", flat=True))
    clocks = {}
    for seat, record in enumerate(records):
        if seat not in people:
            continue
        acting = seat == to_act and not view.get("is_over")
        left = clock_rules.shown(rules, record, elapsed if acting else None, timed if acting else None)
        if left is None and not record.taken_over:
            continue
        clocks[seat] = {
            **(left or {"move": None, "bank": None, "timed": False}),
            "strikes": record.strikes,
            "strike_limit": rules.strike_limit,
            "taken_over": record.taken_over,
            "left": record.taken_reason == clock_rules.LEFT,
            "to_act": acting and not record.taken_over,
        }
    return clocks


def minutes(seconds):
    """m:ss for a clock's seconds (rounded up: a clock never shows 0:00 with time left)."""
    whole = int(-(-seconds // 1))
    return f"{whole // 60}:{whole % 60:02d}"
