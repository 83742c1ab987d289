import os
import subprocess
import sys
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import pytest
from celery import Celery

from config.env import celery_config, celery_folders

BASE_DIR = Path(__file__).resolve().parents[2]


def require_env(name: str, prefixes: tuple[str, ...]) -> str:
    """The service URL from the environment, or a skip that says what is missing
    (tests/conftest.py turns that skip into a failure when REQUIRE_SERVICES=1)."""
    value = os.environ.get(name, "")
    if not value.startswith(prefixes):
        pytest.skip(f"{name} is not set to a {prefixes[0]}... URL; this test needs that service")
    return value


@pytest.fixture
def announcements_stay_in_this_process():
    """This test process hands no task to Celery when a match moves on: its Celery app is the
    test settings' (perhaps another broker than the worker's), so a test sends each task to its
    worker itself, as the site's announcement would."""
    from bots.tasks import on_match_advanced
    from games.hooks import MATCH_ADVANCED

    MATCH_ADVANCED.unregister(on_match_advanced)
    yield
    MATCH_ADVANCED.register(on_match_advanced)


@pytest.fixture
def postgres_url():
    return require_env("DATABASE_URL", ("postgres://", "postgresql://"))


@pytest.fixture
def redis_url():
    return require_env("REDIS_URL", ("redis://", "rediss://"))


@dataclass
class Worker:
    client: Celery  # sends to the worker's queue and reads its results
    proc: subprocess.Popen
    log: IO[str]

    def log_text(self) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read()


@pytest.fixture
def celery_worker_factory(tmp_path):
    """Start a real `celery -A config worker` subprocess and give back a client app wired
    to the same broker and result store. Each worker gets its own queue, so a stray worker
    (e.g. from `make run`) cannot take the test's task."""
    workers = []

    def start(redis_url: str | None, queue: str | None = None, extra_env: dict | None = None):
        queue = queue or f"test-{uuid.uuid4().hex[:12]}"
        env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
        env["VAR_DIR"] = str(tmp_path / "var")
        env["CELERY_QUEUE"] = queue  # what the worker enqueues itself goes to its own queue too
        # Webhook turns too, unless a test starts a worker of their own (extra_env names its queue).
        env["BOT_WEBHOOK_QUEUE"] = queue
        env.update(extra_env or {})
        if redis_url:
            env["REDIS_URL"] = redis_url
        log = open(tmp_path / f"{queue}-{uuid.uuid4().hex[:6]}.log", "w+")
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "--pool=solo",
                "--concurrency=1",
                "-Q",
                queue,
                "-n",
                f"{queue}@%h",
                "--loglevel=INFO",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
            ],
            cwd=BASE_DIR,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )

        conf = celery_config(redis_url, tmp_path / "var")
        for folder in celery_folders(conf):
            folder.mkdir(parents=True, exist_ok=True)
        client = Celery("test-client", set_as_current=False)
        client.conf.update(conf, task_default_queue=queue)
        workers.append(Worker(client, proc, log))
        return workers[-1]

    start.queue_name = lambda: f"test-{uuid.uuid4().hex[:12]}"

    yield start

    for worker in workers:
        worker.proc.terminate()  # warm shutdown
        try:
            worker.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            worker.proc.kill()
            worker.proc.wait()
        worker.log.close()
