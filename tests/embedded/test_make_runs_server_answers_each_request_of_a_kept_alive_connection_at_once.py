"""`make run`'s site (Django's runserver, serving config.wsgi) answers every request of a
keep-alive connection at once. Its handler writes a response's headers and body in two sends;
with Nagle's algorithm on, the body waited for the client's delayed ACK, 40 ms on every request
after a connection's first few (every page refresh, every poll of a bot). config/wsgi.py turns
it off for the handler, which the test server here (pytest-django's live server) shares."""

import importlib
import statistics
import time

import httpx
import pytest

pytestmark = pytest.mark.serial  # a wall-clock measurement: alone, never beside the parallel workers


def test_a_kept_alive_connection_is_answered_without_waiting_for_a_delayed_ack(live_server, settings):
    settings.SECURE_SSL_REDIRECT = False
    importlib.import_module("config.wsgi")  # as runserver imports it: the handler's setting with it
    took = []
    with httpx.Client(base_url=live_server.url, timeout=5) as client:
        for _ in range(40):
            started = time.perf_counter()
            response = client.get("/api/v1/matches/")
            took.append(time.perf_counter() - started)
            assert response.status_code == 200
    assert statistics.median(took[20:]) < 0.020, took  # a delayed ACK would hold each one 40 ms
