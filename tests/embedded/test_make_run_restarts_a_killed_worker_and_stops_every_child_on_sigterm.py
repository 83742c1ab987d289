"""`make run`'s supervisor (tools/run_site.py), run for real on the embedded config: when a
worker is killed a new one comes up on the same queue, and SIGTERM to the supervisor stops the
site, beat and both workers, with every process they started."""

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest

pytestmark = pytest.mark.services  # real workers, beat and site (they need no server)

BASE_DIR = Path(__file__).resolve().parents[2]
STARTED = re.compile(r"started (\S+) \(pid (\d+)\)")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def groups_alive(pgids):
    """Processes still in any of these process groups (each child leads a group of its own)."""
    alive = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat.rpartition(")")[2].split()  # after "pid (comm)": state, ppid, pgrp, ...
            if int(fields[2]) in pgids and fields[0] != "Z":
                alive.append(int(entry.name))
    return alive


class Output:
    """The supervisor's and its children's output, read as it comes."""

    def __init__(self, stream):
        self.lines, self.cond = [], threading.Condition()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream):
        for line in stream:
            with self.cond:
                self.lines.append(line)
                self.cond.notify_all()

    def wait_for(self, predicate, timeout, what):
        with self.cond:
            if not self.cond.wait_for(lambda: predicate(self.lines), timeout):
                pytest.fail(f"no {what} within {timeout} s; output:\n{''.join(self.lines)}")
            return predicate(self.lines)

    def started(self):
        return [(m[1], int(m[2])) for line in self.lines if (m := STARTED.search(line))]


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
        PYTHONUNBUFFERED="1",
        LOG_LEVEL="INFO",  # the workers' "ready." lines tell when each is up
    )
    supervisor = subprocess.Popen(
        [sys.executable, "tools/run_site.py", "--port", str(free_port())],
        cwd=BASE_DIR,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    out = Output(supervisor.stdout)
    try:

        def first_pids(lines):
            started = dict(reversed(out.started()))  # the first pid of each name
            return started if len(started) == 4 else None

        pids = out.wait_for(first_pids, 30, "start of the site, beat and two workers")
        worker = pids["worker-default"]
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
        assert pids["site"] and pids["beat"] and pids["worker-webhooks"]  # the others ran on
        assert supervisor.poll() is None

        every_group = {pid for _name, pid in out.started()}
        supervisor.send_signal(signal.SIGTERM)
        assert supervisor.wait(timeout=30) == 0
        deadline = time.monotonic() + 10
        while groups_alive(every_group) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert groups_alive(every_group) == []
    finally:
        if supervisor.poll() is None:
            supervisor.kill()
            supervisor.wait()
            for _name, pid in out.started():
                try:
                    os.killpg(pid, signal.SIGKILL)
                except OSError:
                    pass
