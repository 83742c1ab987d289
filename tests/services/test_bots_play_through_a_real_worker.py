"""Bot seats played by real Celery workers over Redis, against the test PostgreSQL database.

The worker is a separate process, so these tests commit (transactional) and point the worker
at pytest's test database. The test process does not enqueue bot turns itself: it hands the
first one to the worker, which enqueues the rest on its own queue.
"""

import hashlib
import hmac
import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest

from bots.models import BotEvent
from games import engine
from games.models import Match
from games.record import eventlog
from games.service import creating, states
from tests.fixtures.bots import BotServer, first_legal
from tests.fixtures.services import start_match, wait_until_over

pytestmark = [
    pytest.mark.services,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("announcements_stay_in_this_process"),
]

BASE_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def assert_log_is_whole(match):
    """No duplicate, missing or out-of-order event, and every decision legal where it stands."""
    rows = eventlog.stream_events(match.stream)
    assert [r.version for r in rows] == list(range(1, len(rows) + 1))
    assert eventlog.check_chain(rows) is None
    state = states.match_state(match, rows)
    assert state.is_over
    assert engine.replay(state.events, seed=bytes.fromhex(match.seed), verify=True) == state


def test_four_built_in_bots_finish_a_king_and_a_rifki_match_through_a_real_worker(
    celery_worker_factory, redis_url, worker_env, make_bot
):
    worker = celery_worker_factory(redis_url, extra_env=worker_env)
    for ruleset in ("king", "rifki"):
        bots = [make_bot(strategy=s, name=f"{ruleset}-{i}") for i, s in enumerate(["heuristic", "random"] * 2)]
        match = creating.do_create_match(ruleset, {}, bots)
        start_match(worker, match)
        wait_until_over(match, [worker])
        assert_log_is_whole(match)


def test_a_webhook_bot_on_loopback_plays_a_whole_match_through_a_real_worker(
    celery_worker_factory, redis_url, worker_env, make_bot
):
    server = BotServer(first_legal)
    try:
        hook = make_bot(kind="webhook", url=server.url, name="hook")
        match = creating.do_create_match(
            "king", {"quick_game_combined_negatives": True}, [make_bot(name=f"r{i}") for i in range(3)] + [hook]
        )
        Match.objects.filter(pk=match.pk).update(bot_turn_timeout=10)  # a loaded CI machine is no fault
        worker = celery_worker_factory(redis_url, extra_env=worker_env)
        start_match(worker, match)
        wait_until_over(match, [worker])
    finally:
        server.close()
    assert_log_is_whole(match)
    assert "action_fallback" not in [r.type for r in eventlog.stream_events(match.stream)]
    key = hashlib.sha256(hook.secret.encode()).hexdigest().encode()
    events = [eventlog.as_engine_event(r) for r in eventlog.stream_events(match.stream)]
    for headers, raw in server.requests:
        fields = dict(p.split("=", 1) for p in headers["X-KingRifki-Signature"].split(","))
        assert hmac.compare_digest(
            hmac.new(key, f"{fields['t']}.".encode() + raw, hashlib.sha256).hexdigest(), fields["v1"]
        )
        request = json.loads(raw)
        if "legal_actions" not in request:  # one of the bot's events (bots.events), signed like a turn
            assert request["type"] in BotEvent.Type.values
            continue
        before = engine.replay(events[: request["version"]], seed=bytes.fromhex(match.seed))
        request["view"].pop("last_deal", None)  # the previous deal, over and shown to the table
        assert not {c for s in (0, 1, 2) for c in before.hand(s) if f'"{c}"' in json.dumps(request)}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_redis(port):
    proc = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("redis-server did not start")


def test_a_killed_worker_and_a_restarted_redis_do_not_stop_a_match(
    celery_worker_factory, worker_env, make_bot, tmp_path
):
    port = free_port()
    redis = start_redis(port)
    redis_url = f"redis://127.0.0.1:{port}/0"
    queue = celery_worker_factory.queue_name()
    env = {**worker_env, "BOT_STALL_SECONDS": "2", "BOT_SWEEP_SECONDS": "1", "BOT_TIME_SLICE_SECONDS": "0.2"}
    slow = BotServer(lambda request: (200, json.dumps({"action": request["legal_actions"][0]}).encode(), 0.02))
    beat = None
    try:
        hook = make_bot(kind="webhook", url=slow.url, name="slowhook")
        match = creating.do_create_match(
            "rifki", {"short_mode": True}, [make_bot(name=f"b{i}", strategy="heuristic") for i in range(3)] + [hook]
        )
        first = celery_worker_factory(redis_url, queue=queue, extra_env=env)
        beat = subprocess.Popen(
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
            env={**os.environ, **env, "REDIS_URL": redis_url, "CELERY_QUEUE": queue, "VAR_DIR": str(tmp_path)},
            stdout=open(tmp_path / "beat.log", "w"),
            stderr=subprocess.STDOUT,
        )
        start_match(first, match)
        deadline = time.monotonic() + 90
        while match.version < 60 and time.monotonic() < deadline:
            time.sleep(0.1)
            match.refresh_from_db()
        assert match.status == Match.Status.LIVE, "the match ended before the worker could be killed"
        os.kill(first.proc.pid, signal.SIGKILL)
        first.proc.wait()
        redis.terminate()
        redis.wait()
        redis = start_redis(port)  # empty: every queued or unacknowledged task is gone
        second = celery_worker_factory(redis_url, queue=queue, extra_env=env)
        wait_until_over(match, [first, second], timeout=180)
    finally:
        slow.close()
        if beat is not None:
            beat.terminate()
            beat.wait(timeout=30)
        redis.terminate()
        redis.wait()
    assert_log_is_whole(match)
