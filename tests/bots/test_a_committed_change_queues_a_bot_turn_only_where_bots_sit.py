import dataclasses
import random
from datetime import timedelta

from django.utils import timezone

from bots import tasks
from games.hooks import MATCH_ADVANCED, MatchAdvanced
from games.models import Event, Match
from games.service import creating, hand_overs, states
from tests.engine.helpers import random_hands
from tests.fixtures.matches import act


def test_creating_a_bot_match_queues_its_first_turn_after_commit(
    make_bot, enqueued_bot_turns, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = creating.do_create_match("king", {}, [make_bot(name=f"b{i}") for i in range(4)])
    assert enqueued_bot_turns == [(match.pk, match.version)]


def test_a_person_acting_at_a_mixed_table_queues_the_next_turn(
    make_bot, players, enqueued_bot_turns, django_capture_on_commit_callbacks
):
    from tests.fixtures.people import client_for

    board = {"dealer": 0, "contract": "no_hearts", "hands": random_hands(random.Random(3))}
    match = creating.do_create_match(
        "king", {}, [players[0], make_bot(name="b1"), make_bot(name="b2"), make_bot(name="b3")], board
    )
    state = states.match_state(match)
    assert state.to_act == 0  # the dealer leads (first_lead="dealer")
    with django_capture_on_commit_callbacks(execute=True):
        act(client_for(players[0]), match, state.legal_actions()[0])
    match.refresh_from_db()
    assert enqueued_bot_turns == [(match.pk, match.version)]


def test_a_table_of_people_without_a_clock_queues_nothing(
    players, clients, settings, enqueued_bot_turns, django_capture_on_commit_callbacks
):
    settings.PERSON_MOVE_SECONDS = None  # no clock: nothing for a worker to watch
    with django_capture_on_commit_callbacks(execute=True):
        match = creating.do_create_match("king", {}, players)
        state = states.match_state(match)
        act(clients[state.to_act], match, state.legal_actions()[0])
    assert enqueued_bot_turns == []


def test_a_table_of_people_with_a_clock_arms_one_deadline_task_and_a_move_before_it_wakes_queues_nothing(
    players, clients, settings, enqueued_bot_turns, armed_deadlines, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = creating.do_create_match("king", {}, players)  # the casual default clock
        first = match.version
    match.refresh_from_db()
    wake = match.clock_wake_at
    assert armed_deadlines == [(match.pk, first, wake)]
    assert abs((wake - match.created_at).total_seconds() - settings.PERSON_MOVE_SECONDS) < 5
    with django_capture_on_commit_callbacks(execute=True):
        state = states.match_state(match)
        act(clients[state.to_act], match, state.legal_actions()[0])
    # The pending task wakes before the new turn's deadline could come: it arms that one itself.
    match.refresh_from_db()
    assert match.version > first and match.clock_wake_at == wake
    assert armed_deadlines == [(match.pk, first, wake)] and enqueued_bot_turns == []


def test_a_move_replaces_a_deadline_task_that_should_have_woken_long_ago(
    players, clients, enqueued_bot_turns, armed_deadlines, django_capture_on_commit_callbacks
):
    match = creating.do_create_match("king", {}, players)
    lost = timezone.now() - timedelta(hours=1)  # its task was lost (a broker restarted empty)
    Match.objects.filter(pk=match.pk).update(clock_wake_at=lost)
    with django_capture_on_commit_callbacks(execute=True):
        state = states.match_state(match)
        act(clients[state.to_act], match, state.legal_actions()[0])
    match.refresh_from_db()
    assert armed_deadlines == [(match.pk, match.version, match.clock_wake_at)] and match.clock_wake_at > lost
    assert enqueued_bot_turns == []


def test_a_woken_deadline_task_that_is_no_longer_the_pending_one_arms_nothing(players, armed_deadlines):
    match = creating.do_create_match("king", {}, players)
    newer = timezone.now() + timedelta(seconds=200)
    Match.objects.filter(pk=match.pk).update(clock_wake_at=newer)
    old = (timezone.now() - timedelta(seconds=1)).isoformat()
    tasks.person_turn_deadline(match.pk, match.version, old)
    match.refresh_from_db()
    assert armed_deadlines == [] and match.clock_wake_at == newer
    assert Event.objects.filter(stream=match.stream).count() == match.version  # its turn is not due


def test_a_seat_handed_to_a_house_bot_at_a_table_without_a_clock_queues_its_turn(
    players, settings, enqueued_bot_turns, django_capture_on_commit_callbacks
):
    settings.PERSON_MOVE_SECONDS = None
    match = creating.do_create_match("king", {}, players)
    with django_capture_on_commit_callbacks(execute=True):
        hand_overs.do_leave_seat(match.pk, players[match.to_act])
    match.refresh_from_db()
    assert enqueued_bot_turns == [(match.pk, match.version)]


def test_asking_whether_the_worker_is_needed_after_an_action_costs_one_query_at_most(
    players, clients, settings, django_assert_num_queries, django_capture_on_commit_callbacks
):
    # It runs after every action: the row the action wrote, with what its seat check learnt
    # (no machine plays here), answers with no query; otherwise the match row answers (bots,
    # a hand-over, the clock), and the state the action just applied is this process's cached one.
    heard = []
    MATCH_ADVANCED.register(heard.append)
    try:
        settings.PERSON_MOVE_SECONDS = None
        match = creating.do_create_match("king", {}, players)
        state = states.match_state(match)
        with django_capture_on_commit_callbacks(execute=True):
            act(clients[state.to_act], match, state.legal_actions()[0])
        assert heard[-1].machines_seated is False
        with django_assert_num_queries(0):
            assert tasks.worker_needed(heard[-1]) is None
        match.refresh_from_db()
        with django_assert_num_queries(1):  # a row, but nothing learnt of the table on the way
            assert tasks.worker_needed(MatchAdvanced(match.pk, match.version, match)) is None
        settings.PERSON_MOVE_SECONDS = 300
        clocked = creating.do_create_match("king", {}, players)
        state = states.match_state(clocked)
        with django_capture_on_commit_callbacks(execute=True):
            act(clients[state.to_act], clocked, state.legal_actions()[0])
        with django_assert_num_queries(0):
            assert tasks.worker_needed(heard[-1]) == tasks.CLOCK
        with django_assert_num_queries(1):
            assert tasks.worker_needed(dataclasses.replace(heard[-1], machines_seated=None)) == tasks.CLOCK
        stale = heard[-1].match
        stale.version -= 1  # a row older than the announcement is not trusted, whatever it learnt
        with django_assert_num_queries(1):
            assert tasks.worker_needed(heard[-1]) == tasks.CLOCK
    finally:
        MATCH_ADVANCED.unregister(heard.append)
