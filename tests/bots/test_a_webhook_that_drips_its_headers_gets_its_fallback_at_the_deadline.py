"""A webhook turn has one hard deadline for the whole exchange: a server that sends its
response headers one byte a second (so that no single read ever waits long) still gets its
fallback at the deadline, and the platform's socket is closed then, not left open."""

import json
import select
import socket
import threading
import time

import pytest

from bots import runner
from bots.webhook import BotFault, call
from games import engine
from games.models import Match
from games.record import eventlog
from games.service import creating

pytestmark = pytest.mark.django_db

KEY = "0" * 64
REQUEST = {"request_id": "r1", "legal_actions": [{"type": "play", "card": "2C"}], "view": {"hand": ["2C"]}}
DRIP_SECONDS = 6  # then the headers end and a good answer follows: a caller without a deadline gets it late


class DrippingServer:
    """Reads a request, then answers one byte of its status line and headers per second."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}/turn"
        self.closed_by_client_at = None  # when the caller hung up
        self.requests = 0
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return  # closed
            with conn:
                self.drip(conn)

    def drip(self, conn):
        request = b""
        while b"\r\n\r\n" not in request:
            request += conn.recv(65536)
        head, _, body = request.partition(b"\r\n\r\n")
        length = int(
            next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:"))
        )
        while len(body) < length:
            body += conn.recv(65536)
        self.requests += 1
        body = json.dumps({"action": REQUEST["legal_actions"][0]}).encode()
        answer = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body) + body
        started = time.monotonic()
        for i, byte in enumerate(answer):
            if time.monotonic() - started > DRIP_SECONDS:
                conn.sendall(answer[i:])
                return
            readable, _, _ = select.select([conn], [], [], 1.0)
            if readable and conn.recv(1) == b"":
                self.closed_by_client_at = time.monotonic()
                return
            conn.sendall(bytes([byte]))

    def close(self):
        self.listener.close()


@pytest.fixture
def dripping_server():
    server = DrippingServer()
    yield server
    server.close()


def exchange_threads():
    """The live threads, but for the webhook module's fixed pool of host-name lookups."""
    return sum(not t.name.startswith("webhook-dns") for t in threading.enumerate())


@pytest.mark.serial
def test_the_call_ends_at_its_deadline_and_hangs_up(dripping_server, private_webhooks_allowed):
    threads = exchange_threads()
    started = time.monotonic()
    with pytest.raises(BotFault) as fault:
        call(dripping_server.url, KEY, REQUEST, timeout=1.5)
    ended = time.monotonic()
    assert fault.value.reason == "timeout"
    assert 1.5 <= ended - started < 2.5
    # The server hears the hang-up at its next look (it looks once a second).
    deadline = time.monotonic() + 2
    while dripping_server.closed_by_client_at is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert dripping_server.closed_by_client_at is not None, "the platform left the socket open"
    assert exchange_threads() == threads  # no thread left behind either


@pytest.mark.serial
def test_a_dripping_webhook_bot_gets_its_fallback_at_the_deadline(dripping_server, private_webhooks_allowed, make_bot):
    options = {"quick_game_combined_negatives": True}
    first = engine.new_game("king", seed=b"drip", options=options).to_act
    # The webhook bot sits where the first decision falls, so the task calls it at once.
    seats = [make_bot(name=f"r{i}") for i in range(3)]
    seats.insert(first, make_bot(kind="webhook", url=dripping_server.url, name="dripper"))
    match = creating.do_create_match("king", options, seats, seed=b"drip", bot_turn_timeout=1.5)
    started = time.monotonic()
    runner.run_turns(match.pk, match.version)
    elapsed = time.monotonic() - started

    rows = eventlog.stream_events(Match.objects.get(pk=match.pk).stream)
    fallback = [r.payload for r in rows if r.type == "action_fallback"]
    assert [(f["seat"], f["reason"]) for f in fallback] == [(first, "timeout")]
    assert dripping_server.requests == 1
    assert 1.5 <= elapsed < 2.5
