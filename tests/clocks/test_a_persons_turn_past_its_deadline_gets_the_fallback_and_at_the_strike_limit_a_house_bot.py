"""A person's turn is timed by the worker (bots.tasks.person_turn_deadline, the match's one
pending deadline task): past its deadline the first legal action is played for them after an
``action_fallback`` (reason "timeout"), exactly as for a bot; at the match's strike limit a
house bot takes the seat (``seat_taken_over``, reason "timeouts") and plays it, and the person's
own actions are refused without storing anything. Before the deadline nothing is played."""

import pytest

from bots import runner, tasks
from games.errors import ServiceError
from games.models import Event, Match
from games.service import clocks, creating, playing, states


def person_table(players, move=0.0, strikes=2):
    match = creating.do_create_match("king", {}, players)
    Match.objects.filter(pk=match.pk).update(move_seconds=move, bank_seconds=0, strike_limit=strikes)
    match.refresh_from_db()
    return match


def time_out(match):
    """The deadline task of the turn at the head, as the worker runs it; returns the seat."""
    match.refresh_from_db()
    seat = match.to_act
    runner.person_deadline(match.pk, match.version)
    return seat


def types_since(match, version):
    return list(Event.objects.filter(stream=match.stream, version__gt=version).values_list("type", "payload"))


def test_before_the_deadline_nothing_is_played_and_the_task_comes_back_at_it(players, armed_deadlines):
    match = person_table(players, move=300)
    tasks.person_turn_deadline(match.pk, match.version)  # woken early
    match.refresh_from_db()
    assert Event.objects.filter(stream=match.stream).count() == match.version  # nothing appended
    deadline = clocks.person_turn(match, states.current_state(match))["deadline"]
    assert armed_deadlines == [(match.pk, match.version, deadline + tasks.DEADLINE_LATE)]
    assert match.clock_wake_at == deadline + tasks.DEADLINE_LATE


def test_a_timeout_plays_the_first_legal_action_after_a_fallback_event(players):
    match = person_table(players)
    first_legal = states.current_state(match).legal_actions()[0]
    version = match.version
    seat = time_out(match)

    appended = types_since(match, version)
    assert appended[0] == ("action_fallback", {"seat": seat, "reason": "timeout"})
    assert appended[1][0] == first_legal["type"]
    assert Event.objects.get(stream=match.stream, version=version + 1).metadata["actor"] == "clock"


def test_the_strike_limit_hands_the_seat_to_a_house_bot_which_plays_it(players):
    match = person_table(players, strikes=2)
    timed_out = []
    while not Event.objects.filter(stream=match.stream, type="seat_taken_over").exists():
        timed_out.append(time_out(match))
        assert len(timed_out) <= 5  # four seats at most once each, then one of them again
    first = timed_out[-1]
    assert timed_out.count(first) == 2 and all(timed_out.count(s) == 1 for s in timed_out[:-1] if s != first)
    taken = Event.objects.get(stream=match.stream, type="seat_taken_over")
    assert taken.payload == {"seat": first, "by": "heuristic", "reason": "timeouts"}
    assert clocks.seat_records(match)[first].taken_over

    # The others time out on until the seat's turn comes back (no more takeovers meanwhile).
    Match.objects.filter(pk=match.pk).update(strike_limit=10)
    match.refresh_from_db()
    for _ in range(8):
        if match.to_act == first:
            break
        time_out(match)
        match.refresh_from_db()
    assert match.to_act == first

    # The person may no longer act for the seat: refused, nothing stored.
    before = match.version
    with pytest.raises(ServiceError) as refusal:
        playing.submit_action(match.pk, players[first], states.current_state(match).legal_actions()[0], before)
    assert refusal.value.code == "seat_taken_over" and refusal.value.status == 409
    match.refresh_from_db()
    assert match.version == before

    # The worker's bot turn plays it with the house bot; no deadline is run for it.
    runner.person_deadline(match.pk, before)
    match.refresh_from_db()
    assert match.version == before
    runner.run_turns(match.pk, before)
    match.refresh_from_db()
    played = Event.objects.get(stream=match.stream, version=before + 1)
    assert played.metadata["seat"] == first and played.metadata["actor"].startswith("bot:")


def test_a_late_deadline_task_after_the_person_played_does_nothing(players, clients):
    from tests.fixtures.matches import act

    match = person_table(players)
    version = match.version
    state = states.current_state(match)
    assert act(clients[state.to_act], match, state.legal_actions()[0]).status_code == 201
    match.refresh_from_db()
    after = match.version
    runner.person_deadline(match.pk, version)  # the task for the turn already played
    match.refresh_from_db()
    assert match.version == after
    assert not Event.objects.filter(stream=match.stream, type="action_fallback").exists()


def test_the_time_given_does_not_depend_on_the_hand(players):
    """Every seat's turn gets the same deadline from its start, whatever it holds."""
    match = person_table(players, move=45)
    gaps = set()
    for _ in range(4):
        match.refresh_from_db()
        turn = clocks.person_turn(match, states.current_state(match))
        gaps.add((turn["deadline"] - clocks.turn_started(match)).total_seconds())
        Match.objects.filter(pk=match.pk).update(move_seconds=0)
        time_out(match)
        Match.objects.filter(pk=match.pk).update(move_seconds=45)
    assert gaps == {45.0}
