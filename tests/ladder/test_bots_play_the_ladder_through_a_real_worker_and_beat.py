"""The ladder runs itself: four people sign up through the API, register three webhook bots and
one polling bot and opt them into the ladder; then, with no admin action, Celery beat and a
real worker seat them (with house anchors when the pool is short), the bots play their seats
(webhooks served by a small HTTP server here, the polling bot by a thread here asking
``/api/v1/bot/turns/``), and each finished match is rated. After at least 12 rated matches the
ratings, the chart points, the entries and the leaderboard the API serves equal a rebuild from
the ladder's event stream, and each ``match_rated`` holds its match's final scores as the
match's own ``game_ended`` event says them.

The bots opt in one after another, as authors come along: each is seated as soon as a tick
sees it, with house anchors while the others play, and from then on the ladder groups whoever
is free at each tick. (Four bots arriving together would sit at one table, match after match;
staggered, they also show the anchors at work and keep four tables busy, which keeps the test
to about two minutes.)

Everything runs on pytest's PostgreSQL test database (committed: a transactional test) and
Redis: the site is gunicorn in a subprocess, the worker and beat are `celery` subprocesses, all
three with the test's queue, so every task the site or the worker queues reaches the worker.
"""

import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.db import connection

from games.engine import RULESETS
from games.models import Match
from games.record import eventlog
from tests.fixtures.bots import BotServer, first_legal
from tests.ladder.conftest import RULESET
from tests.ladder.helpers import assert_read_models_equal_a_rebuild
from tournaments.ladder import service as ladder_service
from tournaments.ladder.fold import key_of
from tournaments.models import LadderEntry, LadderTable

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

BASE_DIR = Path(__file__).resolve().parents[2]
MATCHES = 12
DEADLINE = 210  # seconds for the ladder to rate MATCHES matches


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Api:
    """JSON over one keep-alive connection to the site (reconnecting when it drops)."""

    def __init__(self, port, auth=None):
        self.port, self.auth, self.conn = port, auth, None

    def call(self, method, path, data=None):
        for attempt in range(3):
            try:
                if self.conn is None:
                    self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                headers = {"Content-Type": "application/json", **({"Authorization": self.auth} if self.auth else {})}
                self.conn.request(method, path, body=None if data is None else json.dumps(data), headers=headers)
                response = self.conn.getresponse()
                body = response.read()
                return response.status, json.loads(body) if body else None
            except (OSError, http.client.HTTPException):
                self.conn = None
                if attempt == 2:
                    raise
                time.sleep(0.2)


class PollingBot(threading.Thread):
    """A polling bot's program: fetch the pending turns, answer each with its first legal action."""

    def __init__(self, port, token):
        super().__init__(daemon=True)
        self.api = Api(port, f"Bot {token}")
        self.stop = threading.Event()
        self.answered = 0
        self.errors = []

    def run(self):
        while not self.stop.is_set():
            try:
                status, body = self.api.call("GET", "/api/v1/bot/turns/")
                turns = body["turns"] if status == 200 else []
                for turn in turns:
                    status, answer = self.api.call(
                        "POST", f"/api/v1/bot/turns/{turn['request_id']}/", {"action": turn["legal_actions"][0]}
                    )
                    if status == 201:
                        self.answered += 1
                    elif status != 409:  # 409: the turn moved on meanwhile
                        self.errors.append((status, answer))
                if not turns:
                    time.sleep(0.02)
            except Exception as e:  # keep polling; the test reads the errors
                self.errors.append(repr(e))
                time.sleep(0.2)


@pytest.fixture
def services_env(postgres_url, redis_url, celery_worker_factory, tmp_path):
    """What the site, the worker and beat share: the test database, Redis, one queue, short
    ladder games, a tick a second, loopback webhooks allowed."""
    queue = celery_worker_factory.queue_name()
    return {
        "DATABASE_URL": postgres_url.rsplit("/", 1)[0] + "/" + connection.settings_dict["NAME"],
        "REDIS_URL": redis_url,
        "CELERY_QUEUE": queue,
        "BOT_WEBHOOK_QUEUE": queue,
        "VAR_DIR": str(tmp_path / "var"),
        "BOT_WEBHOOKS_ALLOW_PRIVATE": "1",
        "LADDER_TICK_SECONDS": "1",
        "LADDER_OPTIONS": json.dumps({RULESET: RULESETS[RULESET].short_game}),
        "LADDER_BOT_TURN_TIMEOUT": "10",  # a loaded machine is no bot's fault
        "BOT_SWEEP_SECONDS": "2",
        "BOT_STALL_SECONDS": "4",
        "LOG_LEVEL": "WARNING",
    }


def start_site(env, tmp_path):
    port = free_port()
    site_env = {
        **os.environ,
        **env,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        # One client address makes every request here; this test is not about rate limits.
        "RATE_LIMITS": "polls=;actions=;signup_address=;signup_account=",
    }
    site_env.pop("DEBUG", None)
    log = open(tmp_path / "gunicorn.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "-c", "gunicorn.conf.py"]
        + ["--bind", f"127.0.0.1:{port}", "--workers", "1", "--threads", "8", "--no-control-socket"],
        cwd=BASE_DIR,
        env=site_env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if Api(port).call("GET", "/api/v1/ladder/")[0] == 200:
                return proc, port
        except OSError:
            time.sleep(0.2)
        if proc.poll() is not None:
            break
    pytest.fail(f"the site did not start:\n{(tmp_path / 'gunicorn.log').read_text()[-3000:]}")


def start_beat(env, tmp_path):
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "beat",
            "--loglevel=INFO",
            "-s",
            str(tmp_path / "beat-schedule"),
        ],
        cwd=BASE_DIR,
        env={**os.environ, **env},
        stdout=open(tmp_path / "beat.log", "w"),
        stderr=subprocess.STDOUT,
    )


def stop(proc):
    if proc is not None and proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def logs(tmp_path, workers):
    parts = [f"--- worker {i} ---\n{worker.log_text()[-3000:]}" for i, worker in enumerate(workers)]
    for name in ("gunicorn.log", "beat.log"):
        path = tmp_path / name
        if path.exists():
            parts.append(f"--- {name} ---\n{path.read_text(errors='replace')[-2000:]}")
    return "\n".join(parts)


def wait_until_seated(bot, tmp_path, workers, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if any(bot in seats for seats in LadderTable.objects.values_list("seats", flat=True)):
            return
        time.sleep(0.2)
    pytest.fail(f"bot {bot} was never seated\n{logs(tmp_path, workers)}")


def rated_count():
    return LadderTable.objects.filter(ruleset=RULESET, rated=True).count()


def test_four_bots_opt_in_through_the_api_and_the_ladder_rates_twelve_matches_without_an_admin(
    services_env, celery_worker_factory, redis_url, tmp_path
):
    workers = [
        celery_worker_factory(redis_url, queue=services_env["CELERY_QUEUE"], extra_env=services_env) for _ in range(2)
    ]
    hooks = BotServer(first_legal)
    site = beat = poller = None
    try:
        site, port = start_site(services_env, tmp_path)
        owners, bots = [], []
        for i, name in enumerate(("ana", "bo", "cem", "dia")):
            status, signed = Api(port).call(
                "POST", "/api/v1/auth/signup/", {"username": f"{name}-ladder", "password": "a long pass phrase"}
            )
            assert status == 201, signed
            api = Api(port, f"Token {signed['token']}")
            kind = "polling" if i == 3 else "webhook"
            status, bot = api.call(
                "POST",
                "/api/v1/bots/",
                {"name": f"{name}-ladder-bot", "kind": kind, **({"url": hooks.url} if kind == "webhook" else {})},
            )
            assert status == 201, bot
            owners.append(api)
            bots.append(bot)
        poller = PollingBot(port, bots[3]["token"])
        poller.start()
        beat = start_beat(services_env, tmp_path)
        for api, bot in zip(owners, bots):  # one after another, as bot authors come along
            status, entry = api.call("POST", f"/api/v1/ladder/{RULESET}/entries/", {"bot": bot["id"]})
            assert (status, entry["status"]) == (201, "active"), entry
            wait_until_seated(bot["id"], tmp_path, workers)

        deadline = time.monotonic() + DEADLINE
        while rated_count() < MATCHES and time.monotonic() < deadline:
            time.sleep(0.5)
        if rated_count() < MATCHES:
            pytest.fail(f"{rated_count()} ladder matches rated in {DEADLINE} s\n{logs(tmp_path, workers)}")

        stop(beat)  # no more tables; the owners take their bots out while the last ones finish
        beat = None
        for api, bot in zip(owners, bots):
            status, entry = api.call("DELETE", f"/api/v1/ladder/{RULESET}/entries/{bot['id']}/")
            assert (status, entry["status"], entry["left_reason"]) == (200, "left", "owner"), entry
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and (LadderTable.objects.filter(ruleset=RULESET, rated=False).exists()):
            time.sleep(0.5)
        unrated = list(
            LadderTable.objects.filter(ruleset=RULESET, rated=False).values_list("match_id", "match__status")
        )
        assert not unrated, f"matches left unrated: {unrated}\n{logs(tmp_path, workers)}"
        status, board = Api(port).call("GET", f"/api/v1/ladder/{RULESET}/")
        assert status == 200
    finally:
        if poller is not None:
            poller.stop.set()
            poller.join(timeout=10)
        stop(beat)
        stop(site)
        hooks.close()

    assert not poller.errors, poller.errors[:5]
    assert poller.answered > 0 and hooks.requests, "a bot was never asked"
    folded = assert_read_models_equal_a_rebuild(RULESET)
    assert board["rows"] == ladder_service.leaderboard_of(RULESET, folded)
    assert board["version"] == len(eventlog.stream_events(f"ladder/{RULESET}"))
    ids = [bot["id"] for bot in bots]
    assert {row["bot"] for row in board["rows"] if not row["anchor"]} == set(ids)
    assert all(folded.games[key_of(bot)] >= 1 for bot in ids)
    assert {e.bot_id: (e.status, e.left_reason) for e in LadderEntry.objects.all()} == {
        bot: ("left", "owner") for bot in ids
    }

    rows = eventlog.stream_events(f"ladder/{RULESET}")
    users = {f"user:{api_owner}" for api_owner in LadderEntry.objects.values_list("bot__owner_id", flat=True)}
    assert {r.metadata["actor"] for r in rows} <= users | {"system"}  # the owners and the ladder itself
    seated = {r.payload["match"]: r.payload for r in rows if r.type == "table_seated"}
    rated = [r.payload for r in rows if r.type == "match_rated"]
    assert len(rated) >= MATCHES and {p["match"] for p in rated} == set(seated)
    for payload in rated:
        match = Match.objects.get(pk=payload["match"])
        assert (match.event, match.status, match.created_by_id) == (f"ladder/{RULESET}", "over", None)
        match_rows = eventlog.stream_events(match.stream)
        assert eventlog.check_chain(match_rows) is None
        assert not [r for r in match_rows if r.type in ("action_fallback", "seat_taken_over")]
        (ended,) = [r.payload for r in match_rows if r.type == "game_ended"]
        assert payload["scores"] == ended["scores"]
        seats = list(match.seats.order_by("index").values_list("bot_id", flat=True))
        assert payload["seats"] == [key_of(b) for b in seats] and seated[match.pk]["seats"] == seats
        owners_at_table = [o for o in match.seats.values_list("bot__owner_id", flat=True)]
        house = set(seated[match.pk]["anchors"])
        ours = [o for b, o in zip(seats, owners_at_table) if b not in house]
        assert len(ours) == len(set(ours)) >= 1  # one owner per table, at least one ladder bot
