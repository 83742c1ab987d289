"""The arithmetic of people's clocks (issue 19), pure: no database, no time of day.

A person's turn gives them the match's move time; time past it comes out of their bank (the
extra seconds a seat has for the whole match); once both are spent the turn has timed out and
the game's fallback move is played for them, as for a bot, which is a strike. At the strike limit
a house bot takes the seat, until a ruling returns it (the strikes then start again from 0).

A turn starts when the last event before it was recorded, and the seconds it took are those
between that event and the action. What anyone is given and shown depends on the match's
clock, the log's times and these counts only, never on the cards a seat holds: a seat with
one legal card waits out its clock like any other (it is not played for them at once).

A timed question (``TIMED_QUESTION_SECONDS``, docs/misdeal-question.md) is a turn whose
default answer is recorded at a fixed delay for every person: it costs no bank and no strike.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Rules:
    """A match's clock: seconds per move (None: no clock), bank per seat, timeouts allowed."""

    move_seconds: float | None
    bank_seconds: float = 0.0
    strike_limit: int = 3


@dataclass
class SeatRecord:
    """What the log says of one seat's clock so far."""

    bank_left: float = 0.0
    strikes: int = 0
    taken_over: bool = False
    # Why the house bot holds the seat ("left", "timeouts"): a person who left cannot leave again.
    taken_reason: str = ""


# The reasons a seat_taken_over event gives for a person's seat (read by pages and the runner).
LEFT = "left"
TIMEOUTS = "timeouts"


def records(num_seats, rules, platform, spent=()):
    """Each seat's record: ``platform`` is the match's platform events in order, as
    (type, payload) pairs; ``spent`` the person actions so far as (seat, seconds taken),
    each charged to its seat's bank beyond the move time."""
    seats = [SeatRecord(bank_left=rules.bank_seconds) for _ in range(num_seats)]
    for seat, seconds in spent:
        if 0 <= seat < num_seats:
            seats[seat].bank_left = max(0.0, seats[seat].bank_left - over_move(rules, seconds))
    for kind, payload in platform:
        seat = payload.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < num_seats:
            continue
        record = seats[seat]
        if kind == "action_fallback":
            record.strikes += 1
            record.bank_left = 0.0  # a timeout spent the whole bank
        elif kind == "seat_taken_over":
            record.taken_over, record.taken_reason = True, payload.get("reason", "")
        elif kind == "seat_returned":
            record.taken_over, record.taken_reason, record.strikes = False, "", 0
    return seats


def over_move(rules, seconds):
    """The seconds of a turn that came out of the bank: those past the move time."""
    return max(0.0, seconds - (rules.move_seconds or 0.0))


def allowance(rules, record, timed_question=None):
    """The seconds this turn may take in all (move time plus the bank left), or the timed
    question's fixed seconds; None when the match has no clock."""
    if timed_question is not None:
        return float(timed_question)
    if rules.move_seconds is None:
        return None
    return rules.move_seconds + record.bank_left


def shown(rules, record, elapsed=None, timed_question=None):
    """What a seat's clock shows: ``{"move": s, "bank": s}`` seconds left (``elapsed`` is how
    long its turn has run, None when it is not its turn); None without a clock."""
    if timed_question is not None and elapsed is not None:
        return {"move": max(0.0, timed_question - elapsed), "bank": record.bank_left, "timed": True}
    if rules.move_seconds is None:
        return None
    if elapsed is None:
        return {"move": rules.move_seconds, "bank": record.bank_left, "timed": False}
    return {
        "move": max(0.0, rules.move_seconds - elapsed),
        "bank": max(0.0, record.bank_left - over_move(rules, elapsed)),
        "timed": False,
    }


def takes_over(rules, record):
    """Whether the timeout about to be recorded reaches the strike limit."""
    return record.strikes + 1 >= rules.strike_limit


def action_times(rows):
    """(seat, seconds taken) of each action in ``rows`` (the log in order, as (recorded_at,
    metadata) pairs): one append shares its time, so an action is the first row of an append
    made for a seat, timed from the append before it."""
    out, last_at = [], None
    for recorded_at, metadata in rows:
        if recorded_at != last_at:
            seat = metadata.get("seat") if isinstance(metadata, dict) else None
            by_person = isinstance(metadata, dict) and str(metadata.get("actor", "")).startswith("user:")
            if last_at is not None and isinstance(seat, int) and by_person:
                out.append((seat, (recorded_at - last_at).total_seconds()))
        last_at = recorded_at
    return out
