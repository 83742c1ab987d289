"""Publishing a committed move to the live streams (games/live/pubsub.py, a ``MATCH_ADVANCED`` receiver)
never breaks the move: with Redis at a closed port, or at a server that accepts and never
answers, the action is stored and answered 201 all the same; the failure is logged, and the
publisher then rests instead of paying a timeout on every action."""

import logging
import socket
import threading

import pytest
from rest_framework.test import APIClient

from games.accounts.tokens import issue_token
from games.models import Event
from games.service import states
from tests.streams.conftest import board_match, free_port

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated(django_user_model):
    users = [django_user_model.objects.create_user(f"rd{i}") for i in range(4)]
    return board_match(users), [APIClient(HTTP_AUTHORIZATION=f"Token {issue_token(u)}") for u in users]


@pytest.fixture
def silent_server():
    """A TCP server that accepts connections and never says a word; counts them."""
    listener = socket.create_server(("127.0.0.1", 0))
    accepted, stop = [], threading.Event()

    def serve():
        listener.settimeout(0.1)
        while not stop.is_set():
            try:
                accepted.append(listener.accept()[0])
            except TimeoutError:
                pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield listener.getsockname()[1], accepted
    stop.set()
    thread.join(timeout=5)
    for conn in accepted:
        conn.close()
    listener.close()


def play(clients, match):
    """The seat to act plays its first legal action through the API."""
    match.refresh_from_db()
    state = states.match_state(match)
    return clients[state.to_act].post(
        f"/api/v1/matches/{match.pk}/actions/",
        {"action": state.legal_actions()[0], "expected_version": match.version},
        format="json",
    )


@pytest.mark.parametrize("redis", ["closed port", "silent server"])
def test_an_action_succeeds_when_redis_cannot_be_reached(
    seated, settings, caplog, django_capture_on_commit_callbacks, silent_server, redis
):
    match, clients = seated
    port = free_port() if redis == "closed port" else silent_server[0]
    settings.REDIS_URL = f"redis://127.0.0.1:{port}/0"
    settings.STREAM_PUBLISH_TIMEOUT_SECONDS = 0.2
    stored = Event.objects.count()
    with caplog.at_level(logging.WARNING, logger="games.live.pubsub"):
        for _ in range(2):
            with django_capture_on_commit_callbacks(execute=True) as published:
                response = play(clients, match)
            assert response.status_code == 201, response.content
            assert published  # the publish did run, after the commit
    assert Event.objects.count() == stored + 2
    assert len([r for r in caplog.records if "could not publish" in r.getMessage()]) == 1  # then it rests
    if redis == "silent server":
        assert len(silent_server[1]) == 1  # one connection tried, timed out, and not tried again at once
