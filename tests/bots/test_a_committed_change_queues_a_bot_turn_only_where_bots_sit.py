import random

from games import service
from tests.engine.helpers import random_hands
from tests.matches.conftest import act


def test_creating_a_bot_match_queues_its_first_turn_after_commit(
    make_bot, enqueued_bot_turns, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = service.do_create_match("king", {}, [make_bot(name=f"b{i}") for i in range(4)])
    assert enqueued_bot_turns == [(match.pk, match.version)]


def test_a_person_acting_at_a_mixed_table_queues_the_next_turn(
    make_bot, players, enqueued_bot_turns, django_capture_on_commit_callbacks
):
    from tests.matches.conftest import client_for

    board = {"dealer": 0, "contract": "no_hearts", "hands": random_hands(random.Random(3))}
    match = service.do_create_match(
        "king", {}, [players[0], make_bot(name="b1"), make_bot(name="b2"), make_bot(name="b3")], board
    )
    state = service.match_state(match)
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
        match = service.do_create_match("king", {}, players)
        state = service.match_state(match)
        act(clients[state.to_act], match, state.legal_actions()[0])
    assert enqueued_bot_turns == []


def test_a_table_of_people_with_a_clock_queues_each_turn_for_the_worker_to_time(
    players, clients, settings, enqueued_bot_turns, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        match = service.do_create_match("king", {}, players)  # the casual default clock
        first = match.version
        state = service.match_state(match)
        act(clients[state.to_act], match, state.legal_actions()[0])
    match.refresh_from_db()
    assert match.move_seconds == settings.PERSON_MOVE_SECONDS
    assert enqueued_bot_turns == [(match.pk, first), (match.pk, match.version)]


def test_a_seat_handed_to_a_house_bot_at_a_table_without_a_clock_queues_its_turn(
    players, settings, enqueued_bot_turns, django_capture_on_commit_callbacks
):
    settings.PERSON_MOVE_SECONDS = None
    match = service.do_create_match("king", {}, players)
    with django_capture_on_commit_callbacks(execute=True):
        service.do_leave_seat(match.pk, players[match.to_act])
    match.refresh_from_db()
    assert enqueued_bot_turns == [(match.pk, match.version)]


def test_asking_whether_the_worker_is_needed_after_an_action_costs_one_query_at_most(
    players, clients, settings, django_assert_num_queries
):
    # It runs after every action: the row the action wrote answers a clocked table with no
    # query; otherwise the match row answers (bots, a hand-over, the clock), and the state the
    # action just applied is this process's cached one.
    from bots.tasks import worker_needed

    settings.PERSON_MOVE_SECONDS = None
    match = service.do_create_match("king", {}, players)
    state = service.match_state(match)
    act(clients[state.to_act], match, state.legal_actions()[0])
    match.refresh_from_db()
    with django_assert_num_queries(1):
        assert worker_needed(match.pk, match.version, match) is False
    settings.PERSON_MOVE_SECONDS = 300
    clocked = service.do_create_match("king", {}, players)
    with django_assert_num_queries(0):
        assert worker_needed(clocked.pk, clocked.version, clocked) is True
    with django_assert_num_queries(1):
        assert worker_needed(clocked.pk) is True  # a runner's announcement carries no row
    clocked.version -= 1  # a row older than the announcement is not trusted
    with django_assert_num_queries(1):
        assert worker_needed(clocked.pk, clocked.version + 1, clocked) is True
