"""People before autopilots: the turns of a table where a person sits go to the people's queue
(settings.BOT_PEOPLE_QUEUE, bots.tasks.queue_for), which a worker of its own reads, so a person's
game never waits behind bot tables (a tournament on autopilot, the ladder) on the default queue.

Here only the people's worker runs. The person's table is played by it from its creation on,
move after move of the person's; a table of bots alone, created at the same moment, is not
touched: its turn lies on the default queue, in the broker, for the default workers."""

import base64
import json
import time

import pytest
import redis

from bots.house import house_bot
from games.engine import RULESETS
from games.models import Event, Match
from games.service import creating, playing, states

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

RULESET = next(iter(RULESETS))  # any game: the queue is chosen by who sits, not by the game
PERSON_MOVES = 3  # moves of the person's that a house bot answers


def wait_for_the_person(match, seat, worker, timeout=45):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        match.refresh_from_db()
        if match.status == Match.Status.OVER or match.to_act == seat:
            return match
        time.sleep(0.05)
    pytest.fail(f"the people's worker never came back to the person\n{worker.log_text()[-4000:]}")


def turns_waiting_on(redis_url, queue):
    """The (task, args) of each message on ``queue`` in the broker (kombu's Redis transport
    keeps a queue as a list of JSON messages, the task's arguments in a base64 body)."""
    waiting = []
    for raw in redis.Redis.from_url(redis_url).lrange(queue, 0, -1):
        message = json.loads(raw)
        args = json.loads(base64.b64decode(message["body"]))[0]
        waiting.append((message["headers"]["task"], args))
    return waiting


def test_a_persons_table_is_played_on_the_people_queue_and_a_bot_table_waits_on_the_default(
    people_queue_worker, redis_url, players, make_bot, django_capture_on_commit_callbacks
):
    worker, default_queue = people_queue_worker
    person = players[0]
    options = dict(RULESETS[RULESET].short_game)
    seats = RULESETS[RULESET].num_seats(options)
    with django_capture_on_commit_callbacks(execute=True):
        table = creating.do_create_match(
            RULESET, options, [person] + [house_bot("random")] * (seats - 1), created_by=person
        )
        bots_alone = creating.do_create_match(
            RULESET, options, [make_bot(name=f"alone{i}", strategy="random") for i in range(seats)]
        )

    bot_moves = Event.objects.filter(stream=table.stream, metadata__actor__startswith="bot:")
    answered = 0
    while answered < PERSON_MOVES:
        table = wait_for_the_person(table, 0, worker)
        assert table.status == Match.Status.LIVE
        before = bot_moves.count()
        action = states.current_state(table).legal_actions()[0]
        with django_capture_on_commit_callbacks(execute=True):
            moved = playing.submit_action(table.pk, person, action, table.version)
        # Whose turn the person's move left, read at that move's version (the worker may be past
        # it already): a trick the person won leaves the lead with them, and no bot to play.
        after = states.replay(table, states.engine_events(table.stream, upto=moved["version"]))
        if after.to_act == 0:
            continue
        table = wait_for_the_person(table, 0, worker)
        assert bot_moves.count() > before  # the house bots after the person were played
        answered += 1

    created = bots_alone.version
    bots_alone.refresh_from_db()
    assert bots_alone.version == created and Event.objects.filter(stream=bots_alone.stream).count() == created
    assert turns_waiting_on(redis_url, default_queue) == [("bots.tasks.play_bot_turns", [bots_alone.pk, created])]
