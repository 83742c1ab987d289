"""Redis down (issue 31) is the Celery broker down too. A committed change hands the next bot
turn to a worker after the commit (bots.tasks.on_match_advanced); with the broker at a closed
port that hand-off raised kombu's OperationalError out of the commit hook, and sparring (or
any action at a bot's table) answered 500 for a match it had stored. Now the failure is logged
and the request answers as usual: the stall sweep (bots.tasks.sweep_stalled_turns) queues the
turn again once the broker is back."""

import logging

import pytest

import bots.tasks
from bots import registry
from config.celery import app
from games.models import Match
from tests.fixtures.people import body, client_for

pytestmark = pytest.mark.django_db
CLOSED = "redis://127.0.0.1:1/0"


@pytest.fixture
def broker_down(monkeypatch, request):
    """The site's Celery app with its broker at a port nobody listens on, and the real hand-off
    (the suite records it instead: tests/conftest.py)."""
    closed = {"broker_url": CLOSED, "broker_transport": None, "broker_transport_options": {}}
    before = {key: app.conf[key] for key in closed}
    app.conf.update(closed)
    request.addfinalizer(lambda: app.conf.update(before))
    monkeypatch.setattr(app, "_pool", None)  # connections are made anew, to the closed port
    monkeypatch.setattr(app.amqp, "_producer_pool", None)
    tried = []

    def enqueue(match_id, version, people_seated=None):
        tried.append((match_id, version))
        bots.tasks.play_bot_turns.apply_async(args=[match_id, version])

    monkeypatch.setattr(bots.tasks, "enqueue", enqueue)
    bots.tasks.BROKER_OUTAGE.reset()
    return tried


def test_sparring_answers_and_stores_its_match(
    broker_down, django_user_model, caplog, django_capture_on_commit_callbacks
):
    alice = django_user_model.objects.create_user("alice", password="long-enough-pass")
    bot = registry.register(alice, "alice-bot", "polling")[0]
    with caplog.at_level(logging.WARNING, logger="bots.tasks"):
        with django_capture_on_commit_callbacks(execute=True):
            r = client_for(alice).post(
                f"/api/v1/bots/{bot.pk}/sparring/", {"ruleset": "king", "opponents": "random"}, format="json"
            )
    assert r.status_code == 201, r.content
    match = Match.objects.get(pk=body(r)["id"])
    assert broker_down == [(match.pk, match.version)]  # the hand-off was tried, and failed
    assert any("could not hand" in record.getMessage() for record in caplog.records)


def test_hand_offs_then_rest_instead_of_paying_a_failed_connection_on_every_move(
    broker_down, django_user_model, django_capture_on_commit_callbacks
):
    alice = django_user_model.objects.create_user("alice", password="long-enough-pass")
    bot = registry.register(alice, "alice-bot", "polling")[0]
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            r = client_for(alice).post(
                f"/api/v1/bots/{bot.pk}/sparring/", {"ruleset": "rifki", "opponents": "random"}, format="json"
            )
        assert r.status_code == 201, r.content
    assert len(broker_down) == 1  # the second match's turn is left to the sweep at once
