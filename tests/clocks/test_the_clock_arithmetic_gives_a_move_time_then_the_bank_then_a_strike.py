"""games.service.clock_rules, pure: a turn has the move time plus the bank left; time past the move
time comes out of the bank; a timeout empties the bank and is a strike; the strike limit hands
the seat over; a ruling's return starts the strikes afresh; a timed question has its fixed
seconds, whatever the bank. Nothing here reads a hand."""

from datetime import datetime, timedelta, timezone

from games.service import clock_rules as rules

MOVE_AND_BANK = rules.Rules(move_seconds=30, bank_seconds=60, strike_limit=2)
T0 = datetime(2026, 1, 1, tzinfo=timezone.utc)


def record(platform=(), spent=(), clock=MOVE_AND_BANK, seats=4):
    return rules.records(seats, clock, list(platform), list(spent))


def test_a_fresh_seat_has_the_move_time_plus_its_whole_bank():
    seat = record()[0]
    assert rules.allowance(MOVE_AND_BANK, seat) == 90
    assert rules.shown(MOVE_AND_BANK, seat) == {"move": 30, "bank": 60, "timed": False}


def test_time_past_the_move_time_comes_out_of_the_bank_and_only_that():
    seats = record(spent=[(0, 50), (0, 10), (1, 29)])
    assert seats[0].bank_left == 40  # 20 s over on the first move, none on the second
    assert seats[1].bank_left == 60
    assert rules.allowance(MOVE_AND_BANK, seats[0]) == 70


def test_the_clock_shown_while_a_turn_runs_counts_down_the_move_then_the_bank():
    seat = record()[0]
    assert rules.shown(MOVE_AND_BANK, seat, elapsed=10) == {"move": 20, "bank": 60, "timed": False}
    assert rules.shown(MOVE_AND_BANK, seat, elapsed=45) == {"move": 0, "bank": 45, "timed": False}
    assert rules.shown(MOVE_AND_BANK, seat, elapsed=500) == {"move": 0, "bank": 0, "timed": False}


def test_a_timeout_is_a_strike_and_spends_the_bank():
    seat = record([("action_fallback", {"seat": 2, "reason": "timeout"})])[2]
    assert (seat.strikes, seat.bank_left) == (1, 0)
    assert rules.allowance(MOVE_AND_BANK, seat) == 30
    assert rules.takes_over(MOVE_AND_BANK, seat)  # the next timeout reaches the limit of 2
    assert not rules.takes_over(MOVE_AND_BANK, record()[2])


def test_a_seat_taken_over_and_returned_starts_its_strikes_afresh():
    platform = [
        ("action_fallback", {"seat": 1, "reason": "timeout"}),
        ("action_fallback", {"seat": 1, "reason": "timeout"}),
        ("seat_taken_over", {"seat": 1, "by": "heuristic", "reason": "timeouts"}),
    ]
    taken = record(platform)[1]
    assert taken.taken_over and taken.taken_reason == rules.TIMEOUTS and taken.strikes == 2
    returned = record([*platform, ("seat_returned", {"seat": 1, "reason": "a phone call"})])[1]
    assert not returned.taken_over and returned.strikes == 0


def test_a_timed_question_has_its_fixed_seconds_whatever_the_bank_or_the_clock():
    spent = record([("action_fallback", {"seat": 0, "reason": "timeout"})])[0]
    assert rules.allowance(MOVE_AND_BANK, spent, timed_question=3) == 3
    assert rules.allowance(rules.Rules(move_seconds=None), record()[0], timed_question=3) == 3
    assert rules.shown(MOVE_AND_BANK, spent, elapsed=1, timed_question=3)["move"] == 2


def test_a_match_without_a_move_time_has_no_clock():
    none = rules.Rules(move_seconds=None)
    assert rules.allowance(none, record(clock=none)[0]) is None
    assert rules.shown(none, record(clock=none)[0]) is None


def test_a_bank_alone_is_a_move_time_of_zero():
    bank_only = rules.Rules(move_seconds=0, bank_seconds=120)
    seats = record(spent=[(3, 50)], clock=bank_only)
    assert seats[3].bank_left == 70 and rules.allowance(bank_only, seats[3]) == 70


def test_action_times_are_the_gaps_before_each_persons_append_only():
    log = [
        (T0, {"actor": "system", "command": "create_match"}),
        (T0, {"actor": "system", "command": "create_match"}),
        (T0 + timedelta(seconds=40), {"actor": "user:7", "seat": 2}),
        (T0 + timedelta(seconds=40), {"actor": "user:7", "seat": 2}),  # the same append
        (T0 + timedelta(seconds=41), {"actor": "bot:3", "seat": 3}),  # a bot: no bank
        (T0 + timedelta(seconds=44), {"actor": "clock", "seat": 0}),  # the clock's: no bank
        (T0 + timedelta(seconds=50), {"actor": "user:8", "seat": 1}),
    ]
    assert rules.action_times(log) == [(2, 40.0), (1, 6.0)]
