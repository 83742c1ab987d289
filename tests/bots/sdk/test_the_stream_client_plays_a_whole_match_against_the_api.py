"""The SDK's stream client plays a whole short match against the real ``GET /api/v1/bot/stream/``
(a live WSGI server, where a stream is a bounded long poll: its pending turns, then
``reconnect``): every turn answered, no fallback."""

import threading

import pytest

from bots import runner
from bots.examples.lowest_card import choose
from bots.models import Turn
from bots.sdk.kingrifki_bot import open_stream, read_stream
from games.engine import RULESETS
from games.models import Match
from games.offer import offered_names
from games.record import eventlog
from games.service import creating


@pytest.mark.django_db(transaction=True)
def test_a_short_match_ends_with_every_turn_answered_through_the_stream(make_bot, live_server, settings):
    settings.STREAM_FALLBACK_SECONDS = 0  # each stream sends the pending turns, then reconnect
    # A stream per turn, as fast as the table plays: more than a bot with one open stream opens.
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "polls": "1000/s"}
    ruleset = offered_names()[0]
    game = RULESETS[ruleset]
    options = game.short_game or {}
    streamer = make_bot(kind="polling", name="sdk-streamer")
    holders = [make_bot(name=f"house{i}") for i in range(game.num_seats(options) - 1)] + [streamer]
    match = creating.do_create_match(ruleset, options, holders)
    for _ in range(5000):
        match.refresh_from_db()
        if match.status == Match.Status.OVER:
            break
        if Turn.objects.filter(match=match, status=Turn.Status.PENDING).exists():
            # One connection at a time, in this thread: what run_stream does in its loop.
            with open_stream(live_server.url, streamer.token) as response:
                assert read_stream(choose, live_server.url, streamer.token, response, threading.Event())
        else:
            runner.run_turns(match.pk, match.version)
    assert match.status == Match.Status.OVER
    done = Turn.objects.filter(match=match, bot=streamer, status=Turn.Status.DONE).count()
    assert done == Turn.objects.filter(match=match, bot=streamer).count() > 10
    assert "action_fallback" not in [row.type for row in eventlog.stream_events(match.stream)]
