"""`make run`'s supervisor (tools/run_site.py), run for real on the embedded config: when a
worker is killed a new one comes up on the same queue, and SIGTERM to the supervisor stops the
site, beat and every worker, with every process they started."""

import os
import signal
import uuid
from pathlib import Path

import pytest

from tests.embedded.supervision import (
    free_port,
    kill_what_is_left,
    niceness,
    stop_and_check_nothing_is_left,
    supervise,
)

pytestmark = pytest.mark.services  # real workers, beat and site (they need no server)


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads process groups from /proc (Linux)")
def test_a_killed_worker_comes_back_and_sigterm_stops_everything(tmp_path):
    queue, webhooks = f"test-{uuid.uuid4().hex[:8]}", f"test-hooks-{uuid.uuid4().hex[:8]}"
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL")}
    env.update(
        DEBUG="1",
        VAR_DIR=str(tmp_path / "var"),
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        CELERY_QUEUE=queue,
        BOT_WEBHOOK_QUEUE=webhooks,
        BOT_PEOPLE_QUEUE=f"test-people-{uuid.uuid4().hex[:8]}",
        PYTHONUNBUFFERED="1",
        LOG_LEVEL="INFO",  # the workers' "ready." lines tell when each is up
    )
    supervisor, out = supervise(["--port", str(free_port())], env)
    try:

        def first_pids(lines):
            started = dict(reversed(out.started()))  # the first pid of each name
            return started if len(started) == 5 else None

        pids = out.wait_for(first_pids, 30, "start of the site, beat and three workers")
        worker = pids["worker-default"]
        # Bot tables on autopilot yield the CPU to people's tables: the default worker is niced.
        assert niceness(worker) == niceness(pids["worker-people"]) + 10
        out.wait_for(
            lambda lines: any("default@" in line and "ready." in line for line in lines), 60, "default worker ready"
        )
        os.kill(worker, signal.SIGKILL)

        def new_worker(lines):
            again = [pid for name, pid in out.started() if name == "worker-default" and pid != worker]
            return again[0] if again else None

        replacement = out.wait_for(new_worker, 30, "new default worker")
        out.wait_for(
            lambda lines: any("worker-default" in line and "killed by SIGKILL" in line for line in lines),
            1,
            "log of why the worker was restarted",
        )
        cmdline = Path(f"/proc/{replacement}/cmdline").read_bytes().split(b"\0")
        assert cmdline[cmdline.index(b"-Q") + 1] == queue.encode()  # the same queue as before
        out.wait_for(
            lambda lines: sum("default@" in line and "ready." in line for line in lines) >= 2,
            60,
            "replacement worker ready",
        )
        assert pids["site"] and pids["beat"] and pids["worker-people"] and pids["worker-webhooks"]  # the others ran on
        assert supervisor.poll() is None

        stop_and_check_nothing_is_left(supervisor, out)
    finally:
        kill_what_is_left(supervisor, out)
