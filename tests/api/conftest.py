"""The site served by gunicorn (gthread workers, gunicorn.conf.py) on 127.0.0.1, on a SQLite
file of its own: for the tests of what happens between gunicorn's threads and long polls.

The database is migrated once per session, with a live King match of three people and a
polling bot; each test serves a copy of it and stops its server at the end (SIGTERM, then
SIGKILL after a bounded wait).
"""

import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parents[2]

SEED = """
import json
from django.contrib.auth import get_user_model
from bots.models import Bot
from bots.registry import new_credentials
from games.service import creating
users = [get_user_model().objects.create_user(f"p{i}", password="a long pass phrase") for i in range(4)]
token, _, hashes = new_credentials()
bot = Bot.objects.create(owner=users[3], name="poller", kind="polling", **hashes)
match = creating.do_create_match("king", {}, [*users[:3], bot], created_by=users[0])
print(json.dumps({"match": match.pk, "version": match.version, "bot_token": token}))
"""


def site_env(database, var_dir, **extra):
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "DEBUG")}
    env.update(
        {
            "DATABASE_URL": f"sqlite:///{database}",
            "VAR_DIR": str(var_dir),
            "SECRET_KEY": "gunicorn-tests-only",
            "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_SSL_REDIRECT": "0",
            "LOG_LEVEL": "WARNING",
            # One client address makes every request here: the rate limits would refuse most.
            "RATE_LIMITS": "polls=;actions=",
        }
    )
    env.update({k: str(v) for k, v in extra.items()})
    return env


@pytest.fixture(scope="session")
def seeded_site_database(tmp_path_factory):
    folder = tmp_path_factory.mktemp("gunicorn-site")
    database = folder / "site.sqlite3"
    env = site_env(database, folder / "var")
    run = dict(cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=120)
    migrated = subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], **run)
    assert migrated.returncode == 0, migrated.stderr
    seeded = subprocess.run([sys.executable, "manage.py", "shell", "-c", SEED], **run)
    assert seeded.returncode == 0, seeded.stderr
    return database, json.loads(seeded.stdout.strip().splitlines()[-1])


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Site:
    proc: subprocess.Popen
    port: int
    seeded: dict
    log_path: Path

    def get(self, path, timeout=5.0, headers=None):
        """(status, headers, body) of one GET on a connection of its own."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request("GET", path, headers=headers or {})
            response = conn.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            conn.close()

    def log(self):
        return self.log_path.read_text(errors="replace")[-3000:]


@pytest.fixture
def serve_site(seeded_site_database, tmp_path):
    """serve_site(**env): start gunicorn on a copy of the seeded database; returns a Site."""
    started = []

    def start(**extra_env):
        database = tmp_path / "site.sqlite3"
        shutil.copy(seeded_site_database[0], database)
        port = free_port()
        log_path = tmp_path / f"gunicorn-{port}.log"
        env = site_env(database, tmp_path / "var", **extra_env)
        proc = subprocess.Popen(
            [
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
                "--worker-class",
                "gthread",
                "--threads",
                "16",
            ],
            cwd=BASE_DIR,
            env=env,
            stdout=open(log_path, "w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        site = Site(proc, port, seeded_site_database[1], log_path)
        started.append(site)
        deadline = time.monotonic() + 60
        while True:  # bounded: up when the home page answers
            try:
                if site.get("/", timeout=2)[0] == 200:
                    return site
            except OSError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, f"gunicorn did not start:\n{site.log()}"
            time.sleep(0.2)

    yield start
    for site in started:
        if site.proc.poll() is None:
            site.proc.send_signal(signal.SIGTERM)
            try:
                site.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(site.proc.pid, signal.SIGKILL)  # its own session: the master and its worker
                site.proc.wait()
