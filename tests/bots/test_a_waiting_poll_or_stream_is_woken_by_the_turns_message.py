"""A polling bot's waiting long poll (``GET bot/turns/?wait=``), its turn stream under a WSGI
server, and a player's waiting ``events/?wait=`` are woken by the Redis message published as
the turn (or the move) commits, not found by reading the database again: with the reads set
30 s apart, each answers within a few seconds of the commit, long before its wait or a read
would have ended it (docs/bots.md, "The turn's clock"; games/live/longpoll.py)."""

import json
import threading
import time
import uuid

import pytest
from django.db import connections
from rest_framework.test import APIClient

from bots import runner
from bots.models import Turn
from games.service import playing, states
from tests.bots.webhook_turns import match_where_it_acts_first
from tests.fixtures.people import body, client_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]

WAIT = 20  # the client's wait: the answer must come long before it ends
READS_APART = 30.0  # LONG_POLL_STEP_SECONDS and LONG_POLL_SAFETY_SECONDS: no read finds it in time


@pytest.fixture
def only_messages_wake(redis_url, settings):
    from games.live import pubsub

    settings.REDIS_URL = redis_url
    settings.STREAM_CHANNEL_PREFIX = f"wake-test-{uuid.uuid4().hex[:8]}:"
    settings.LONG_POLL_STEP_SECONDS = settings.LONG_POLL_SAFETY_SECONDS = READS_APART
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "polls": "", "actions": ""}
    pubsub.PUBLISHER.reset()
    yield
    pubsub.PUBLISHER.reset()


def in_thread(fn):
    """Run ``fn`` in a thread (with a database connection of its own); returns (result box, thread)."""
    box = {}

    def run():
        try:
            box["value"] = fn()
        finally:
            connections.close_all()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return box, thread


def bot_client(bot):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bot {bot.token}")
    return client


def test_a_waiting_long_poll_gets_the_turn_made_while_it_waits(only_messages_wake, make_bot):
    poller = make_bot(kind="polling", name="poller")
    match = match_where_it_acts_first(make_bot, poller)
    # The bot's game_start is waiting for it (bots.events): a first poll takes it, so the next waits.
    assert body(bot_client(poller).get("/api/v1/bot/turns/?wait=0"))["turns"] == []
    asked = time.monotonic()
    box, thread = in_thread(lambda: body(bot_client(poller).get(f"/api/v1/bot/turns/?wait={WAIT}"))["turns"])
    time.sleep(1.0)  # the poll is waiting, subscribed
    runner.run_turns(match.pk, match.version)  # the worker opens the turn; its commit publishes
    thread.join(WAIT + 5)
    answered_after = time.monotonic() - asked
    [turn] = box["value"]
    assert turn["request_id"] == str(Turn.objects.get(match=match).request_id)
    assert answered_after < WAIT / 2, "woken by the message, not by its wait ending or a read"


def test_a_turn_stream_under_wsgi_sends_the_turn_made_while_it_waits(only_messages_wake, make_bot, settings):
    settings.STREAM_FALLBACK_SECONDS, settings.STREAM_KEEPALIVE_SECONDS = WAIT, WAIT
    poller = make_bot(kind="polling", name="poller")
    match = match_where_it_acts_first(make_bot, poller)

    def first_turn_line():
        response = bot_client(poller).get("/api/v1/bot/stream/", HTTP_ACCEPT="application/x-ndjson")
        for chunk in response.streaming_content:
            for line in chunk.splitlines():
                if line.strip() and json.loads(line).get("type") == "turn":
                    response.close()
                    return json.loads(line), time.monotonic()
        return None, time.monotonic()

    box, thread = in_thread(first_turn_line)
    time.sleep(1.0)
    made = time.monotonic()
    runner.run_turns(match.pk, match.version)
    thread.join(WAIT + 5)
    line, at = box["value"]
    assert line is not None and line["request_id"] == str(Turn.objects.get(match=match).request_id)
    assert at - made < WAIT / 2, "woken by the message, not by the stream's end or a read"


def test_a_players_waiting_events_poll_gets_the_move_made_while_it_waits(only_messages_wake, king_board_match, players):
    match = king_board_match
    after = match.version
    watcher = client_for(players[0])
    asked = time.monotonic()
    box, thread = in_thread(lambda: body(watcher.get(f"/api/v1/matches/{match.pk}/events/?after={after}&wait={WAIT}")))
    time.sleep(1.0)
    state = states.match_state(match)
    playing.submit_action(match.pk, players[state.to_act], state.legal_actions()[0], match.version)
    thread.join(WAIT + 5)
    answered_after = time.monotonic() - asked
    assert [e["version"] for e in box["value"]["events"]][:1] == [after + 1]
    assert answered_after < WAIT / 2, "woken by the match's message, not by its wait ending or a read"
