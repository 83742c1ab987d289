"""Redis down (issue 31): a site whose cache and Redis point at a closed port. Rate limits used
to raise the client's ConnectionRefusedError, so log-in, ``events/``, ``me/matches/``,
sparring and sign-up all answered 500. Now the counting goes on in the process's own memory
(games.accounts.throttles.counting): every one of them answers as usual, the limits still hold (per
process), and a refused attempt still stores nothing. The outage is logged once per rest, and
the shared cache is not asked again until the rest is over."""

import logging
import socket
import uuid

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from bots import registry
from config.env import cache_config
from games.accounts import throttles
from games.live import pubsub
from games.models import ApiToken, Match
from games.service import creating
from tests.accounts.conftest import log_in, sign_up
from tests.fixtures.people import body, client_for
from tests.fixtures.throttles import FakeClock, assert_throttled

User = get_user_model()
CLOSED = "redis://127.0.0.1:1/0"


@pytest.fixture
def redis_down(settings, tmp_path, monkeypatch):
    """The site as config.settings builds it with REDIS_URL at a port nobody listens on."""
    with socket.socket() as probe, pytest.raises(ConnectionRefusedError):
        probe.connect(("127.0.0.1", 1))
    caches = cache_config(CLOSED, tmp_path)
    settings.CACHES = {alias: {**conf, "KEY_PREFIX": f"test-{uuid.uuid4().hex}"} for alias, conf in caches.items()}
    settings.REDIS_URL = CLOSED
    throttles.OUTAGE.reset()
    pubsub.PUBLISHER.reset()
    monkeypatch.setattr(throttles, "now", FakeClock())  # the windows do not roll over mid-test
    yield
    throttles.OUTAGE.reset()
    pubsub.PUBLISHER.reset()


@pytest.fixture
def alice(db):
    return User.objects.create_user("alice", password="correct horse battery")


def test_logging_in_by_the_api_and_the_page_works(redis_down, alice):
    r = log_in("alice", "correct horse battery")
    assert r.status_code == 201, r.content
    assert body(r)["token"] and ApiToken.objects.filter(user=alice).count() == 1
    page = APIClient().post("/accounts/login/", {"username": "alice", "password": "correct horse battery"})
    assert page.status_code == 302


def test_wrong_passwords_are_still_limited_and_a_refusal_stores_nothing(redis_down, alice, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "login_account": "3/m"}
    for _ in range(3):
        assert log_in("alice", "wrong").status_code == 401
    assert_throttled(log_in("alice", "correct horse battery"))
    assert not ApiToken.objects.exists()


def test_signing_up_works(redis_down, db):
    r = sign_up("newcomer")
    assert r.status_code == 201, r.content
    assert User.objects.filter(username="newcomer").exists()


def test_the_events_poll_and_my_games_answer_and_stay_limited(redis_down, alice, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "polls": "4/s"}
    match = creating.do_create_match("king", {}, [alice, None, None, None])
    client = client_for(alice)
    events = client.get(f"/api/v1/matches/{match.pk}/events/?after=0")
    assert events.status_code == 200, events.content
    assert body(events)["events"][0]["event"]["type"] == "game_started"
    mine = client.get("/api/v1/me/matches/")
    assert mine.status_code == 200, mine.content
    assert client.get("/api/v1/me/matches/").status_code == 200
    assert client.get(f"/api/v1/matches/{match.pk}/events/?after=0").status_code == 200
    assert_throttled(client.get("/api/v1/me/matches/"))


def test_sparring_starts_a_match(redis_down, alice):
    bot = registry.register(alice, "alice-bot", "polling")[0]
    before = Match.objects.count()
    r = client_for(alice).post(
        f"/api/v1/bots/{bot.pk}/sparring/", {"ruleset": "king", "opponents": "random"}, format="json"
    )
    assert r.status_code == 201, r.content
    assert Match.objects.count() == before + 1


def test_the_outage_is_logged_once_and_the_shared_cache_rests(redis_down, alice, caplog, monkeypatch):
    tries = []
    real = throttles.raise_counters

    def counted(cache, counters):
        tries.append(type(cache).__name__)
        return real(cache, counters)

    monkeypatch.setattr(throttles, "raise_counters", counted)
    client = client_for(alice)
    with caplog.at_level(logging.WARNING, logger="games.accounts.throttles"):
        for _ in range(3):
            assert client.get("/api/v1/me/matches/").status_code == 200
    # The first request finds Redis down and counts in the process; the next two go straight there.
    assert tries == ["RedisCache", "LocMemCache", "LocMemCache", "LocMemCache"]
    outages = [r for r in caplog.records if "cannot be reached" in r.getMessage()]
    assert len(outages) == 1 and CLOSED in outages[0].getMessage()
