"""A match's announcement (games.hooks.MATCH_ADVANCED) reaches each registered receiver once
per committed change, only after the commit, and a change rolled back announces nothing: a
person's action through the service and a run of built-in bots through the worker's runner
alike, both through the one emitter (games.service.announcement.announce_after_commit). The runner's
announcement says whether its task plays the next turn itself (``worker_on_it``), and then the
bots' receiver queues nothing."""

import random

import pytest
from django.db import transaction

from bots import events as bot_events
from bots import runner
from bots import tasks as bots_tasks
from games.hooks import MATCH_ADVANCED
from games.live import pubsub
from games.service import creating, playing, states
from tests.engine.helpers import random_hands
from tournaments import tasks as tournaments_tasks

RECEIVERS = (
    pubsub.publish_match,
    bots_tasks.on_match_advanced,
    bot_events.on_match_advanced,
    tournaments_tasks.on_match_advanced,
)


@pytest.fixture
def heard(monkeypatch):
    """The announcements each receiver is given, by receiver; each is still run with them."""
    assert MATCH_ADVANCED.implementations == list(RECEIVERS)  # registered by the apps' ready(), once each
    told = {receiver: [] for receiver in RECEIVERS}

    def recording(receiver):
        def record(announced):
            told[receiver].append(announced)
            receiver(announced)

        return record

    monkeypatch.setattr(MATCH_ADVANCED, "implementations", [recording(receiver) for receiver in RECEIVERS])
    return told


def once_each(heard):
    """The one announcement every receiver heard, the same for all."""
    first = heard[RECEIVERS[0]]
    assert len(first) == 1 and all(told == first for told in heard.values()), heard
    return first[0]


def nothing(heard):
    return all(told == [] for told in heard.values())


def person_then_bots(person, make_bot):
    """A King deal with fixed cards: the person deals and leads in seat 0, built-in bots after."""
    board = {"dealer": 0, "contract": "no_hearts", "hands": random_hands(random.Random(3))}
    return creating.do_create_match("king", {}, [person, *(make_bot(name=f"b{i}") for i in range(1, 4))], board)


def bots_then_person(person, make_bot):
    """Built-in bots in seats 0, 2 and 3 around the person in seat 1, who is not first to act."""
    board = {"dealer": 0, "contract": "no_hearts", "hands": random_hands(random.Random(3))}
    seats = [make_bot(name="b0"), person, make_bot(name="b2"), make_bot(name="b3")]
    return creating.do_create_match("king", {}, seats, board)


def first_legal(match):
    return states.current_state(match).legal_actions()[0]


def test_a_persons_action_is_announced_to_each_receiver_once_after_its_commit(
    heard, players, make_bot, enqueued_bot_turns, django_capture_on_commit_callbacks
):
    match = person_then_bots(players[0], make_bot)
    with django_capture_on_commit_callbacks() as pending:
        playing.submit_action(match.pk, players[0], first_legal(match), match.version)
    assert nothing(heard)  # stored, not yet committed
    for callback in pending:
        callback()
    match.refresh_from_db()
    announced = once_each(heard)
    assert (announced.match_id, announced.version, announced.row) == (match.pk, match.version, match)
    assert announced.machines_seated is True and announced.worker_on_it is False  # as the seat check found
    assert enqueued_bot_turns == [(match.pk, match.version)]  # the bots' receiver queued the next turn


def test_a_rolled_back_action_announces_nothing(heard, players, make_bot, django_capture_on_commit_callbacks):
    match = person_then_bots(players[0], make_bot)
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError):
        with transaction.atomic():
            playing.submit_action(match.pk, players[0], first_legal(match), match.version)
            raise RuntimeError("the surrounding transaction fails")
    assert nothing(heard)


def test_a_run_of_built_in_bots_is_announced_to_each_receiver_once_after_its_commit(
    heard, players, make_bot, settings, enqueued_bot_turns, django_capture_on_commit_callbacks
):
    settings.BOT_TIME_SLICE_SECONDS = 600  # the run ends at the person's turn, not on time
    match = bots_then_person(players[1], make_bot)
    with django_capture_on_commit_callbacks() as pending:
        runner.run_turns(match.pk, match.version)
    assert nothing(heard)
    for callback in pending:
        callback()
    match.refresh_from_db()
    assert states.current_state(match).to_act == 1
    announced = once_each(heard)
    assert (announced.match_id, announced.version, announced.row) == (match.pk, match.version, match)
    # The task that played the run dealt with the person's turn itself: nothing is queued.
    assert announced.worker_on_it is True and announced.machines_seated is True
    assert enqueued_bot_turns == []


def test_a_run_cut_by_its_time_slice_leaves_the_next_task_to_the_bots_receiver(
    heard, make_bot, settings, enqueued_bot_turns, django_capture_on_commit_callbacks
):
    settings.BOT_TIME_SLICE_SECONDS = 0  # one move, and the run's time is up: a bot plays next
    match = creating.do_create_match("king", {}, [make_bot(name=f"b{i}") for i in range(4)])
    with django_capture_on_commit_callbacks(execute=True):
        runner.run_turns(match.pk, match.version)
    match.refresh_from_db()
    announced = once_each(heard)
    assert announced.version == match.version and announced.worker_on_it is False
    assert enqueued_bot_turns == [(match.pk, match.version)]


def test_a_rolled_back_run_announces_nothing(heard, players, make_bot, settings, django_capture_on_commit_callbacks):
    settings.BOT_TIME_SLICE_SECONDS = 600
    match = bots_then_person(players[1], make_bot)
    created = match.version
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError):
        with transaction.atomic():
            runner.run_turns(match.pk, match.version)
            raise RuntimeError("the surrounding transaction fails")
    match.refresh_from_db()
    assert match.version == created and nothing(heard)
