"""The SDK's stream client against a stand-in for ``GET /api/v1/bot/stream/`` (newline-delimited
JSON, sent chunk by chunk): keep-alives are skipped, each turn is answered once and in order
with the polling protocol's POST (a turn sent twice on a connection only once), and on
``{"type": "reconnect"}`` it connects again at once and plays the turns that come next."""

import json
import threading

from bots.sdk.kingrifki_bot import run_stream
from tests.bots.sdk.conftest import a_turn, json_response

KEEP_ALIVE = b"\n"


def line(item):
    return json.dumps(item).encode() + b"\n"


def turn_line(request_id, cards):
    return line({"type": "turn", **a_turn(request_id, cards)})


def test_every_turn_is_answered_once_in_order(fake_platform, recorded_pauses):
    last_answered = threading.Event()
    streams = []

    def first_connection():
        yield KEEP_ALIVE
        yield turn_line("a", ("2S", "5S"))
        yield KEEP_ALIVE + KEEP_ALIVE
        yield turn_line("b", ("3H", "7H"))
        yield turn_line("b", ("3H", "7H"))  # sent again on the same connection: not answered twice
        yield line({"type": "reconnect"})

    def second_connection():
        yield turn_line("c", ("4D", "9D")) + KEEP_ALIVE + turn_line("d", ("6C", "KC"))
        last_answered.wait(timeout=30)  # the stream stays open until the client has answered
        yield KEEP_ALIVE

    def respond(request):
        if request.method == "GET":
            streams.append(request)
            body = first_connection() if len(streams) == 1 else second_connection()
            return 200, {"Content-Type": "application/x-ndjson"}, body
        if request.path == "/api/v1/bot/turns/d/":
            recorded_pauses.set()  # the client's stop: it ends once this answer is in
            last_answered.set()
        return json_response(201, {"status": "done", "version": 2})

    platform = fake_platform(respond)
    client = threading.Thread(
        target=run_stream,
        args=(lambda turn: turn["legal_actions"][-1], platform.url, "krb_token"),
        kwargs={"stop": recorded_pauses},
        daemon=True,
    )
    client.start()
    client.join(timeout=60)
    assert not client.is_alive()

    answers = [(r.path, r.json()) for r in platform.requests if r.method == "POST"]
    assert answers == [
        ("/api/v1/bot/turns/a/", {"action": {"type": "play", "card": "5S"}}),
        ("/api/v1/bot/turns/b/", {"action": {"type": "play", "card": "7H"}}),
        ("/api/v1/bot/turns/c/", {"action": {"type": "play", "card": "9D"}}),
        ("/api/v1/bot/turns/d/", {"action": {"type": "play", "card": "KC"}}),
    ]
    assert [r.path for r in streams] == ["/api/v1/bot/stream/"] * 2
    assert {r.headers["Authorization"] for r in platform.requests} == {"Bot krb_token"}
    assert recorded_pauses.pauses == []  # asked to reconnect, it came back at once


def test_the_strategy_gets_the_turn_as_polling_has_it(fake_platform, recorded_pauses):
    seen = []

    def respond(request):
        if request.method == "GET":
            return 200, {}, iter([turn_line("a", ("2S",))])
        recorded_pauses.set()
        return json_response(201, {"status": "done", "version": 2})

    platform = fake_platform(respond)
    run_stream(
        lambda turn: seen.append(turn) or turn["legal_actions"][0], platform.url, "krb_token", stop=recorded_pauses
    )
    assert seen == [a_turn("a", ("2S",))]  # without the stream's "type"
