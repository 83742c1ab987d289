"""The beat sweep (bots.tasks.sweep_stalled_turns) is the backstop of people's clocks: a
person's turn past its deadline (plus a grace) whose deadline task was lost is played for
them there, and the match's clock is armed again; a turn within its time is left alone; a
person's seat a house bot took over, with nobody playing it, is enqueued for the worker."""

from bots import tasks
from games.models import Event, Match
from games.service import creating, hand_overs


def table(players, move):
    match = creating.do_create_match("king", {}, players)
    Match.objects.filter(pk=match.pk).update(move_seconds=move, bank_seconds=0)
    match.refresh_from_db()
    return match


def test_a_turn_past_its_deadline_gets_its_fallback_and_one_within_it_is_left_alone(
    players, settings, enqueued_bot_turns, armed_deadlines
):
    settings.TIMED_QUESTION_SECONDS, settings.PERSON_CLOCK_GRACE_SECONDS = 0, 0
    late, waiting = table(players, 0), table(players, 300)
    tasks.sweep_stalled_turns()
    assert Event.objects.filter(stream=late.stream, type="action_fallback", payload__reason="timeout").count() == 1
    assert Event.objects.filter(stream=waiting.stream).count() == waiting.version
    # The late match's clock gets a deadline task again, for the turn now at its head.
    late.refresh_from_db()
    assert armed_deadlines == [(late.pk, late.version, late.clock_wake_at)]


def test_a_young_turn_is_not_even_looked_at(players, settings):
    settings.TIMED_QUESTION_SECONDS, settings.PERSON_CLOCK_GRACE_SECONDS = 3, 2
    late = table(players, 0)  # due at once, but the sweep leaves the countdown task its time
    tasks.sweep_stalled_turns()
    assert not Event.objects.filter(stream=late.stream, type="action_fallback").exists()


def test_a_seat_a_house_bot_took_is_enqueued_for_the_worker(players, settings, enqueued_bot_turns):
    settings.TIMED_QUESTION_SECONDS, settings.PERSON_CLOCK_GRACE_SECONDS = 0, 0
    match = table(players, 300)
    hand_overs.do_leave_seat(match.pk, players[match.to_act])
    match.refresh_from_db()
    enqueued_bot_turns.clear()
    tasks.sweep_stalled_turns()
    assert enqueued_bot_turns == [(match.pk, match.version)]
