"""A polling bot follows ``GET bot/stream/`` on uvicorn and answers each turn it brings through
``POST bot/turns/{request_id}/``, while three house bots play the other seats (this process
runs their turns as the worker would, with ``bots.runner.run_turns``). The whole deal is played
with no fallback: each of the bot's turns came once, exactly as ``GET bot/turns/`` shows a
turn, and each answer was taken."""

import threading
import time

import pytest
from django.contrib.auth import get_user_model

from bots import runner
from bots.models import Bot, Turn
from bots.registry import register
from games.models import Match
from games.record import eventlog
from tests.streams.conftest import board_match

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

TURN_FIELDS = {
    "type",
    "request_id",
    "match",
    "seat",
    "version",
    "deadline",
    "timeout_seconds",
    "pickup_seconds",
    "view",
    "legal_actions",
    "previous_receipt",
}


class PollingBot(threading.Thread):
    """Reads its stream and answers each turn with its first legal action."""

    def __init__(self, site, token):
        super().__init__(daemon=True)
        self.site, self.headers = site, {"Authorization": f"Bot {token}"}
        self.stream = site.stream("/api/v1/bot/stream/", self.headers, timeout=30)
        self.turns, self.answers, self.events, self.error = [], [], [], None

    def run(self):
        try:
            while True:
                turn = self.stream.message()
                if turn.get("type") != "turn":  # one of the bot's own events (bots.events)
                    self.events.append(turn)
                    continue
                self.turns.append(turn)
                answer = self.site.post(
                    f"/api/v1/bot/turns/{turn['request_id']}/", {"action": turn["legal_actions"][0]}, self.headers
                )
                self.answers.append(answer)
        except (OSError, EOFError, ValueError, AttributeError) as e:  # the test closed the stream, or it broke
            self.error = e


def test_a_polling_bot_plays_a_whole_match_from_its_turn_stream(stream_site):
    owner = get_user_model().objects.create_user("poller-owner")
    poller, token, _ = register(owner, "stream-poller", Bot.Kind.POLLING)
    house = [register(owner, f"house-{i}", Bot.Kind.BUILTIN, strategy="random")[0] for i in range(3)]
    match = board_match([house[0], poller, house[1], house[2]], bot_turn_timeout=10)

    bot = PollingBot(stream_site, token)
    assert (bot.stream.status, bot.stream.headers["Content-Type"]) == (200, "application/x-ndjson")
    bot.start()
    played, deadline = None, time.monotonic() + 90
    while True:  # the worker's part: run the turns due at each new version
        match.refresh_from_db()
        if match.status == Match.Status.OVER:
            break
        if match.version != played:
            played = match.version
            runner.run_turns(match.pk, match.version)
        assert time.monotonic() < deadline and bot.is_alive(), (match.version, bot.error, stream_site.log())
        time.sleep(0.01)
    while len(bot.answers) < len(bot.turns) and time.monotonic() < deadline:
        time.sleep(0.01)  # the last answer ended the match: its reply (and the turn settled) follow
    bot.stream.close()
    bot.join(timeout=10)

    turns = list(Turn.objects.filter(bot=poller).order_by("version"))
    assert [(t.status, t.fault) for t in turns] == [(Turn.Status.DONE, "")] * 13  # its 13 cards, each answered
    assert [t["request_id"] for t in bot.turns] == [str(t.request_id) for t in turns]  # each once, in order
    assert all(set(t) == TURN_FIELDS and t["type"] == "turn" and t["seat"] == 1 for t in bot.turns)
    assert all(status == 201 for status, _ in bot.answers)
    assert not [r for r in eventlog.stream_events(match.stream) if r.type == "action_fallback"]
