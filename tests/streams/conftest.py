"""Live streams served for real: uvicorn (config.asgi) on 127.0.0.1, against pytest's PostgreSQL
test database and Redis, as the compose file's ``streams`` service runs (and gunicorn beside it
for pages, where a test needs the production pair).

The tests that use these servers commit their data (``transactional_db``) so that the server
processes see it, and play the match in this process: its commits publish to Redis (the
``MATCH_ADVANCED`` receiver games/apps.py registers), which wakes the server's streams. Every test
and its servers share one channel prefix of their own, so no other test run's messages reach
them. A server is stopped with SIGTERM, then SIGKILL after a bounded wait; every socket has a
timeout.
"""

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parents[2]
PREFIX = f"streams-test-{uuid.uuid4().hex[:8]}:"  # the Redis channels of this test run
CARD = re.compile(r'"([2-9TJQKA][SHDC])"')


def service_urls():
    """(DATABASE_URL, REDIS_URL), or a skip that says what is missing (tests/conftest.py turns
    it into a failure with REQUIRE_SERVICES=1)."""
    database, redis_url = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    if not database.startswith(("postgres://", "postgresql://")) or not redis_url.startswith(("redis://", "rediss://")):
        pytest.skip("DATABASE_URL (PostgreSQL) and REDIS_URL (Redis) must be set; these tests need both")
    return database, redis_url


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cards_in(value):
    """Every card named anywhere in a JSON value."""
    return set(CARD.findall(json.dumps(value)))


@dataclass
class Server:
    proc: subprocess.Popen
    port: int
    log_path: Path
    queue: str = ""
    extra: dict = field(default_factory=dict)

    def get(self, path, headers=None, timeout=10.0):
        """(status, headers, body) of one request on a connection of its own."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request("GET", path, headers=headers or {})
            response = conn.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            conn.close()

    def post(self, path, body, headers=None, timeout=10.0):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request(
                "POST", path, body=json.dumps(body), headers={"Content-Type": "application/json", **(headers or {})}
            )
            response = conn.getresponse()
            return response.status, json.loads(response.read() or b"null")
        finally:
            conn.close()

    def stream(self, path, headers=None, timeout=15.0):
        return Stream(self.port, path, headers, timeout)

    def log(self):
        return self.log_path.read_text(errors="replace")[-4000:]

    def threads(self):
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        return int(re.search(r"^Threads:\s+(\d+)", status, re.M)[1])

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()


class Stream:
    """One streaming GET: NDJSON messages (``message``) or SSE frames (``frame``)."""

    def __init__(self, port, path, headers, timeout):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        self.conn.request("GET", path, headers=headers or {})
        self.response = self.conn.getresponse()
        self.status = self.response.status
        self.headers = dict(self.response.getheaders())

    def line(self):
        line = self.response.readline()
        if not line:
            raise EOFError("the stream closed")
        return line

    def message(self):
        """The next NDJSON message (keep-alive lines skipped)."""
        while True:
            line = self.line()
            if line.strip():
                return json.loads(line)

    def frame(self):
        """The next SSE frame as {field: value}; a comment frame is {"comment": text}."""
        fields = {}
        while True:
            line = self.line().decode().rstrip("\n")
            if not line:
                if fields:
                    return fields
                continue
            name, _, value = line.partition(":")
            fields["comment" if name == "" else name] = value.removeprefix(" ")

    def at_eof(self):
        try:
            self.line()
        except EOFError:
            return True
        return False

    def close(self):
        if self.conn.sock is not None:  # a reader in another thread then sees the end, not a closed file
            try:
                self.conn.sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.conn.close()


def server_env(database_name, **extra):
    database, redis_url = service_urls()
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "DEBUG")}
    env.update(
        {
            "DATABASE_URL": database.rsplit("/", 1)[0] + "/" + database_name,
            "REDIS_URL": redis_url,
            # The same keys as this process: heads sealed there verify here and back.
            "SECRET_KEY": os.environ["SECRET_KEY"],
            "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_SSL_REDIRECT": "0",
            "LOG_LEVEL": "WARNING",
            "RATE_LIMITS": "polls=;actions=",  # one client address makes every request here
            "STREAM_CHANNEL_PREFIX": PREFIX,
            # What the server's own actions hand to Celery goes to a queue of its own, emptied at the end.
            "CELERY_QUEUE": f"streams-test-{uuid.uuid4().hex[:8]}",
        }
    )
    env.update({k: str(v) for k, v in extra.items()})
    return env


def start(command, env, log_path, port):
    proc = subprocess.Popen(
        command,
        cwd=BASE_DIR,
        env=env,
        stdout=open(log_path, "w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    server = Server(proc, port, log_path, env["CELERY_QUEUE"])
    deadline = time.monotonic() + 60
    while True:  # bounded: up when the API answers
        try:
            if server.get("/api/v1/matches/", timeout=2)[0] == 200:
                return server
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            server.stop()
            pytest.fail(f"{command[2]} did not start:\n{server.log()}")
        time.sleep(0.2)


def start_uvicorn(database_name, log_dir, **extra):
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        "config.asgi:application",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--lifespan",
        "off",
        "--no-proxy-headers",
        "--no-access-log",
        "--timeout-graceful-shutdown",
        "2",
    ]
    return start(command, server_env(database_name, **extra), log_dir / f"uvicorn-{port}.log", port)


def start_gunicorn(database_name, log_dir, **extra):
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "config.wsgi:application",
        "-c",
        "gunicorn.conf.py",
        "--bind",
        f"127.0.0.1:{port}",
        "--no-control-socket",
        "--workers",
        "1",
        "--threads",
        "8",
    ]
    return start(command, server_env(database_name, **extra), log_dir / f"gunicorn-{port}.log", port)


def drop_queues(servers):
    """The Celery messages the servers' own actions queued (no worker reads them here)."""
    import redis

    client = redis.Redis.from_url(service_urls()[1], socket_timeout=5, socket_connect_timeout=5)
    try:
        client.delete(*{s.queue for s in servers})
    finally:
        client.close()


@pytest.fixture(scope="session")
def stream_site(django_db_setup, django_db_blocker, tmp_path_factory):
    """One uvicorn for the stream tests that need nothing special (keep-alives every second, so
    that a test sees them soon). Stopped before the test database is dropped."""
    from django.db import connection

    service_urls()
    server = start_uvicorn(
        connection.settings_dict["NAME"],
        tmp_path_factory.mktemp("streams"),
        STREAM_KEEPALIVE_SECONDS=1,
        STREAM_MAX_PER_CLIENT=50,
    )
    yield server
    server.stop()
    drop_queues([server])


@pytest.fixture
def servers(tmp_path):
    """servers.uvicorn(**env) / servers.gunicorn(**env): started for this test, stopped after it."""
    from django.db import connection

    started = []

    class Servers:
        def uvicorn(self, **extra):
            started.append(start_uvicorn(connection.settings_dict["NAME"], tmp_path, **extra))
            return started[-1]

        def gunicorn(self, **extra):
            started.append(start_gunicorn(connection.settings_dict["NAME"], tmp_path, **extra))
            return started[-1]

    yield Servers()
    for server in started:
        server.stop()
    if started:
        drop_queues(started)


@pytest.fixture(autouse=True)
def stream_channels(settings):
    """This process publishes on the servers' channels, with a publisher that starts afresh."""
    from games.live import pubsub

    settings.STREAM_CHANNEL_PREFIX = PREFIX
    pubsub.PUBLISHER.reset()
    yield
    pubsub.PUBLISHER.reset()


def board_match(users, **kwargs):
    """A King match of one fixed deal (52 cards played, 69 events), seated by ``users``."""
    from games import engine
    from games.service import creating

    dealt = engine.new_game("king", seed=b"live streams")
    hands = [list(dealt.hand(seat)) for seat in range(dealt.num_seats)]
    board = {"contract": "no_hearts", "dealer": 0, "hands": hands}
    return creating.do_create_match("king", {}, users, board=board, **kwargs)


def play_one(match_id):
    """The seat to act plays its first legal action, as the person who holds it."""
    from games.models import Match, Seat
    from games.service import playing, states

    match = Match.objects.get(pk=match_id)
    state = states.match_state(match)
    holder = Seat.objects.get(match=match, index=state.to_act).user
    return playing.submit_action(match_id, holder, state.legal_actions()[0], match.version)


def hidden_hands(match_id, seat):
    """The cards the other seats hold now (nothing once the deal is over)."""
    from games.models import Match
    from games.service import states

    state = states.match_state(Match.objects.get(pk=match_id))
    return set() if state.is_over else {c for s in range(state.num_seats) if s != seat for c in state.hand(s)}
