"""Under a WSGI server (``make run``'s runserver, gunicorn), where a waiting stream holds a
thread, the same URL still works as a bounded long poll: it takes a long-poll slot, sends the
snapshot and what comes meanwhile for at most STREAM_FALLBACK_SECONDS, then
``{"type": "reconnect", "after": V}``, and gives the slot back. A client over the long polls'
caps is answered at once (the snapshot, the events after ``after``, ``reconnect``) with
``Retry-After: 1``. The waits run on a fake clock (games.live.longpoll's), so nothing here sleeps."""

import contextlib
import json

import pytest
import werkzeug.test
from django.core import signals
from django.db import close_old_connections
from rest_framework.test import APIClient

from config.wsgi import application
from games.accounts.tokens import issue_token
from games.live import longpoll
from tests.streams.conftest import board_match, play_one

pytestmark = pytest.mark.django_db


class FakeClock:
    def __init__(self, on_first_pause=None):
        self.now, self.pauses, self.on_first_pause = 0.0, 0, on_first_pause

    def monotonic(self):
        return self.now

    def pause(self, seconds):
        self.pauses += 1
        self.now += seconds
        if self.pauses == 1 and self.on_first_pause:
            self.on_first_pause()


@pytest.fixture
def seated(django_user_model):
    users = [django_user_model.objects.create_user(f"w{i}") for i in range(4)]
    return board_match(users), APIClient(HTTP_AUTHORIZATION=f"Token {issue_token(users[0])}")


def lines(response):
    return [json.loads(line) if line.strip() else None for line in b"".join(response.streaming_content).splitlines()]


def use_clock(monkeypatch, clock):
    monkeypatch.setattr(longpoll, "clock", clock.monotonic)
    monkeypatch.setattr(longpoll, "pause", clock.pause)
    # The stream reads on the fake clock's pauses; no Redis message wakes it in real time.
    monkeypatch.setattr(longpoll, "following", lambda channel: contextlib.nullcontext((None, None)))


def test_a_stream_sends_what_comes_for_a_while_then_reconnect(seated, monkeypatch, settings):
    match, client = seated
    settings.STREAM_FALLBACK_SECONDS, settings.STREAM_KEEPALIVE_SECONDS = 25, 10
    clock = FakeClock(on_first_pause=lambda: play_one(match.pk))  # a card is played while the stream waits
    use_clock(monkeypatch, clock)
    response = client.get(f"/api/v1/matches/{match.pk}/stream/")
    assert (response.status_code, response["Content-Type"]) == (200, "application/x-ndjson")
    assert not response.has_header("Retry-After")
    assert longpoll.SLOTS.total == 1  # held while it streams
    sent = lines(response)  # read to its end, which closes it (as a WSGI server does)
    match.refresh_from_db()
    assert sent[0]["type"] == "snapshot" and sent[0]["version"] == 2
    events = [m for m in sent if m and m["type"] == "event"]
    assert [e["version"] for e in events] == [3] == [match.version]
    assert sent.count(None) == 2  # keep-alives, every 10 s of silence
    assert sent[-1] == {"type": "reconnect", "after": 3}
    assert clock.now == 25  # at most STREAM_FALLBACK_SECONDS
    assert longpoll.SLOTS.total == 0


def test_over_the_long_poll_caps_the_stream_answers_at_once_with_retry_after(seated, monkeypatch, settings):
    match, client = seated
    settings.LONG_POLL_MAX_WAITS_PER_CLIENT = 0
    clock = FakeClock()
    use_clock(monkeypatch, clock)
    response = client.get(f"/api/v1/matches/{match.pk}/stream/?after=1", HTTP_ACCEPT="text/event-stream")
    assert (response.status_code, response["Content-Type"], response["Retry-After"]) == (200, "text/event-stream", "1")
    body = b"".join(response.streaming_content).decode()
    assert body.startswith("event: snapshot\ndata: {")
    assert "\n\nid: 2\nevent: event\ndata: {" in body  # the events after ?after=1
    assert body.endswith('event: reconnect\ndata: {"type":"reconnect","after":2}\n\n')
    assert clock.pauses == 0 and longpoll.SLOTS.total == 0


def test_a_body_read_to_its_end_gives_its_slot_back_even_if_never_closed(seated, monkeypatch, settings, request):
    # A PEP 3333 server calls close(); a caller of the WSGI app that only reads the body (Werkzeug's
    # test client, as the API fuzzer drives it) must not keep the slot, or the process's waits run out.
    match, _ = seated
    settings.STREAM_FALLBACK_SECONDS, settings.ALLOWED_HOSTS = 1, ["localhost"]
    use_clock(monkeypatch, FakeClock())
    # As Django's test client does: the request must not close the test's database connection.
    signals.request_started.disconnect(close_old_connections)
    request.addfinalizer(lambda: signals.request_started.connect(close_old_connections))
    body = werkzeug.test.Client(application).get(f"/api/v1/matches/{match.pk}/stream/", buffered=False)
    assert body.status_code == 200 and longpoll.SLOTS.total == 1
    sent = [json.loads(line) for line in body.iter_encoded() if line.strip()]
    assert sent[0]["type"] == "snapshot" and sent[-1]["type"] == "reconnect"
    assert longpoll.SLOTS.total == 0  # given back, and close() was never called
