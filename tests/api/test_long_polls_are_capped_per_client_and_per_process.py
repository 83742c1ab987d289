"""games.live.longpoll caps the waits a process holds: one client (an address, and the account or
bot it authenticates as) at most LONG_POLL_MAX_WAITS_PER_CLIENT, the process at most
LONG_POLL_MAX_WAITS (and half a gunicorn worker's threads). A wait over a cap is answered at
once, as with wait=0, with ``Retry-After: 1``; the server stopping ends every wait at once.
Both long-polling views (match events, bot turns) go through it."""

import threading
import time
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from games.live import longpoll
from games.live.longpoll import Outcome


@pytest.fixture(autouse=True)
def fresh_slots(monkeypatch):
    monkeypatch.setattr(longpoll, "SLOTS", longpoll.Slots())
    monkeypatch.setattr(longpoll, "_stopping", threading.Event())
    monkeypatch.setattr(longpoll, "_thread_cap", None)


def request_from(address, user=None):
    return SimpleNamespace(META={"REMOTE_ADDR": address}, auth=None, user=user or AnonymousUser())


class Waiters:
    """Waits held in threads until released (bounded: each gives up after 10 s)."""

    def __init__(self):
        self.release = threading.Event()
        self.threads, self.outcomes = [], []

    def start(self, request):
        def run():
            self.outcomes.append(longpoll.wait(request, 10, self.release.is_set))

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        self.threads.append(thread)

    def until_held(self, count):
        deadline = time.monotonic() + 5
        while longpoll.SLOTS.total < count and time.monotonic() < deadline:
            time.sleep(0.01)
        assert longpoll.SLOTS.total == count

    def finish(self):
        self.release.set()
        for thread in self.threads:
            thread.join(timeout=5)
        return self.outcomes


@pytest.mark.serial
def test_a_client_over_its_cap_is_declined_at_once_and_others_still_wait(settings):
    settings.LONG_POLL_MAX_WAITS, settings.LONG_POLL_MAX_WAITS_PER_CLIENT = 10, 2
    waiters = Waiters()
    for _ in range(2):
        waiters.start(request_from("10.0.0.1"))
    waiters.until_held(2)
    started = time.monotonic()
    assert longpoll.wait(request_from("10.0.0.1"), 10, lambda: False) is Outcome.DECLINED
    assert time.monotonic() - started < 0.2  # no waiting at all
    waiters.start(request_from("10.0.0.2"))  # another client still may
    waiters.until_held(3)
    assert waiters.finish() == [Outcome.READY] * 3
    assert longpoll.SLOTS.total == 0 and not longpoll.SLOTS.held  # every slot given back


def test_one_account_is_one_client_from_any_address(settings, django_user_model):
    settings.LONG_POLL_MAX_WAITS, settings.LONG_POLL_MAX_WAITS_PER_CLIENT = 10, 1
    ana = django_user_model(pk=7, username="ana")
    waiters = Waiters()
    waiters.start(request_from("10.0.0.1", ana))
    waiters.until_held(1)
    assert longpoll.wait(request_from("10.0.0.2", ana), 10, lambda: False) is Outcome.DECLINED
    waiters.finish()


def test_the_process_holds_at_most_its_cap_in_all(settings):
    settings.LONG_POLL_MAX_WAITS, settings.LONG_POLL_MAX_WAITS_PER_CLIENT = 3, 10
    waiters = Waiters()
    for i in range(3):
        waiters.start(request_from(f"10.0.0.{i}"))
    waiters.until_held(3)
    assert longpoll.wait(request_from("10.0.0.9"), 10, lambda: False) is Outcome.DECLINED
    waiters.finish()


def test_under_gunicorn_the_cap_is_at_most_half_the_threads(settings):
    settings.LONG_POLL_MAX_WAITS = 100
    longpoll.fit_to_threads(16)
    assert longpoll.max_waits() == 8
    longpoll.fit_to_threads(1)  # a sync worker: no waits at all, it would be the only thread
    assert longpoll.max_waits() == 0


@pytest.mark.serial
def test_stopping_ends_every_wait_at_once_and_starts_none(settings):
    settings.LONG_POLL_MAX_WAITS, settings.LONG_POLL_MAX_WAITS_PER_CLIENT = 10, 10
    waiters = Waiters()
    for i in range(3):
        waiters.start(request_from(f"10.0.0.{i}"))
    waiters.until_held(3)
    started = time.monotonic()
    longpoll.stop()
    for thread in waiters.threads:
        thread.join(timeout=5)
    assert time.monotonic() - started < 1
    assert waiters.outcomes == [Outcome.STOPPING] * 3
    assert longpoll.wait(request_from("10.0.0.9"), 10, lambda: False) is Outcome.STOPPING


@pytest.mark.django_db
@pytest.mark.serial
def test_both_views_answer_a_declined_wait_at_once_with_retry_after(settings, king_match_and_bot):
    settings.LONG_POLL_MAX_WAITS = 0  # every wait is over the cap
    match, bot_token = king_match_and_bot
    started = time.monotonic()
    events = Client().get(f"/api/v1/matches/{match.pk}/events/?after={match.version}&wait=30")
    turns = Client().get("/api/v1/bot/turns/?wait=30", HTTP_AUTHORIZATION=f"Bot {bot_token}")
    assert time.monotonic() - started < 5
    assert events.status_code == 200 and events.json()["events"] == [] and events["Retry-After"] == "1"
    assert turns.status_code == 200 and turns.json()["turns"] == [] and turns["Retry-After"] == "1"


@pytest.mark.django_db
def test_an_answer_ready_at_once_is_given_whatever_the_caps(settings, king_match_and_bot):
    settings.LONG_POLL_MAX_WAITS = 0
    match, _ = king_match_and_bot
    r = Client().get(f"/api/v1/matches/{match.pk}/events/?after=0&wait=30")
    assert r.status_code == 200 and r.json()["events"] and "Retry-After" not in r


@pytest.fixture
def king_match_and_bot(django_user_model):
    from bots.models import Bot
    from bots.registry import new_credentials
    from games.service import creating

    users = [django_user_model.objects.create_user(f"p{i}", password="a long pass phrase") for i in range(4)]
    token, _, hashes = new_credentials()
    bot = Bot.objects.create(owner=users[3], name="poller", kind="polling", **hashes)
    match = creating.do_create_match("king", {}, [*users[:3], bot], created_by=users[0])
    # The bot must have no turn pending, or its poll answers at once anyway.
    from bots.models import Turn

    Turn.objects.filter(bot=bot).delete()
    return match, token
