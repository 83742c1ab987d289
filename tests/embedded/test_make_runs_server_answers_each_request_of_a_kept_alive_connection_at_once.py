"""`make run`'s site (Django's runserver, serving config.wsgi) answers every request of a
keep-alive connection at once. Its handler writes a response's headers and body in two sends;
with Nagle's algorithm on, the body waited for the client's delayed ACK, 40 ms on every request
after a connection's first few (every page refresh, every poll of a bot). config/wsgi.py turns
it off for the handler, which the test server here (pytest-django's live server) shares.

The first test checks the switch itself: a connection runserver's handler accepts, once
config.wsgi is imported, has TCP_NODELAY set. The stall it prevents depends on the kernel's
timing of ACKs and did not show on this machine's loopback when last tried (each kept-alive request
answered in 5 ms with the switch off), so the second, a measurement, guards against it where it
does show, as it did when it was found.

The kept-alive requests are measured beside the same request on a fresh connection each time
(a new connection acknowledges at once, so it never waits for a delayed ACK), alternately in the
same run: the difference is the wait, whatever the machine's speed. A loaded machine answering
each request in 20 ms is not a delayed ACK; 40 ms added to every kept-alive request is."""

import importlib
import socket
import statistics
import threading
import time

import httpx
import pytest

pytestmark = pytest.mark.serial  # a wall-clock measurement: alone, never beside the parallel workers

PATH = "/api/v1/matches/"
DELAYED_ACK = 0.040  # Linux's shortest delayed ACK: what each kept-alive request waited


def timed(client):
    started = time.perf_counter()
    response = client.get(PATH)
    assert response.status_code == 200
    return time.perf_counter() - started


def test_a_connection_runservers_handler_accepts_sends_without_waiting_for_acks():
    from django.core.servers import basehttp

    importlib.import_module("config.wsgi")  # as runserver imports it
    nodelay = []

    class Handler(basehttp.WSGIRequestHandler):
        def setup(self):
            super().setup()
            nodelay.append(self.connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))

        def log_message(self, *args):
            pass

    server = basehttp.WSGIServer(("127.0.0.1", 0), Handler)
    server.set_app(lambda environ, start_response: (start_response("200 OK", []), [b"ok"])[1])
    serving = threading.Thread(target=server.handle_request)
    serving.start()
    try:
        assert httpx.get(f"http://127.0.0.1:{server.server_port}/", timeout=5).text == "ok"
    finally:
        serving.join(5)
        server.server_close()
    assert nodelay and nodelay[0] != 0, nodelay


def test_a_kept_alive_connection_is_answered_without_waiting_for_a_delayed_ack(live_server, settings):
    settings.SECURE_SSL_REDIRECT = False
    importlib.import_module("config.wsgi")  # as runserver imports it: the handler's setting with it
    kept, fresh = [], []
    with httpx.Client(base_url=live_server.url, timeout=5) as client:
        for _ in range(20):  # past a connection's first few requests, acknowledged at once
            timed(client)
        for _ in range(20):
            kept.append(timed(client))
            with httpx.Client(base_url=live_server.url, timeout=5) as one_request:
                fresh.append(timed(one_request))
    waited = statistics.median(kept) - statistics.median(fresh)
    assert waited < DELAYED_ACK / 2, (kept, fresh)
