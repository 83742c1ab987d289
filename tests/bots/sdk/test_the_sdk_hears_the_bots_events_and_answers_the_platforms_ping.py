"""The SDK's clients hand the bot's events to ``on_event`` (by default a line of the log): the
webhook server answers the platform's own signed event and ping requests (bots.events, as the
webhook worker sends them) with 200, the polling client reads them from its polls, the stream
client from its stream; and a strategy file's ``on_event`` is picked up beside ``choose``."""

import io
import json
import threading

import pytest

from bots import events
from bots.sdk.kingrifki_bot import load_bot, poll_once, read_stream, webhook_server
from tests.bots.sdk.conftest import a_turn, json_response

GAME_END = {"type": "game_end", "id": 9, "at": "2026-11-29T00:00:00+00:00", "match": 4, "result": "won"}


@pytest.mark.django_db
def test_the_webhook_server_takes_the_platforms_signed_events_and_pings(make_bot, settings):
    settings.BOT_WEBHOOKS_ALLOW_LOOPBACK = True
    heard = []
    hook = make_bot(kind="webhook", name="sdk-hook")
    server = webhook_server(lambda turn: turn["legal_actions"][0], hook.secret, port=0, on_event=heard.append)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        hook.url = f"http://127.0.0.1:{server.server_port}/"
        hook.save(update_fields=["url"])
        told = events.record(hook, "game_end", "game_end:sdk", {"match": 4, "result": "won"})
        assert events.deliver(told.pk)["status"] == "ok"
        pinged = events.ping(hook)
    finally:
        server.shutdown()
        server.server_close()
    assert heard == [events.line(told)]
    assert (pinged["status"], pinged["http_status"], json.loads(pinged["answer"])) == ("ok", 200, {"pong": True})


def test_the_polling_client_hands_each_polled_event_over_before_its_turns(fake_platform, recorded_pauses):
    order = []
    platform = fake_platform(
        lambda request: (
            json_response(200, {"turns": [a_turn("r1")], "events": [GAME_END]})
            if request.method == "GET"
            else json_response(201, {"status": "done", "version": 2})
        )
    )

    def choose(turn):
        order.append(("turn", turn["request_id"]))
        return turn["legal_actions"][0]

    poll_once(choose, platform.url, "krb_t", stop=recorded_pauses, on_event=lambda e: order.append(("event", e["id"])))
    assert order == [("event", 9), ("turn", "r1")]


def test_the_stream_client_hands_events_over_and_a_failing_handler_stops_nothing(fake_platform, recorded_pauses):
    lines = [json.dumps(GAME_END), json.dumps({"type": "reconnect"})]
    response = io.BytesIO(("\n".join(lines) + "\n").encode())

    def broken(event):
        raise RuntimeError("my handler is broken")

    assert read_stream(None, "http://x", "krb_t", response, threading.Event(), on_event=broken) is True


def test_a_strategy_file_may_define_on_event(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text(
        "heard = []\n"
        "def choose(turn):\n    return turn['legal_actions'][0]\n"
        "def on_event(event):\n    heard.append(event)\n"
    )
    choose, on_event = load_bot(path)
    on_event(GAME_END)
    assert choose(a_turn("r1")) == a_turn("r1")["legal_actions"][0] and on_event.__globals__["heard"] == [GAME_END]
    path.write_text("def choose(turn):\n    return None\n")
    assert load_bot(path)[1] is None
