"""What the tests of `make run`'s supervisor (tools/run_site.py) run for real share (plain helpers,
no fixtures): a free port, the supervisor's output read as it comes, the processes left in the
children's groups, a site that answers, and the stop that must leave none of them behind."""

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

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


def niceness(pid):
    """A process's nice value (/proc/<pid>/stat, its 19th field)."""
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])


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


def supervise(args, env):
    """tools/run_site.py started with ``args``: (the process, its Output)."""
    supervisor = subprocess.Popen(
        [sys.executable, "tools/run_site.py", *args],
        cwd=BASE_DIR,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    return supervisor, Output(supervisor.stdout)


def wait_until_served(port, out, timeout=60):
    """The site on ``port`` answers its home page with a 200."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
                assert response.status == 200
                return
        except OSError:
            assert time.monotonic() < deadline, "".join(out.lines)
            time.sleep(0.5)


def stop_and_check_nothing_is_left(supervisor, out):
    """SIGTERM to the supervisor: it exits cleanly, and no process of any child's group outlives it."""
    every_group = {pid for _name, pid in out.started()}
    supervisor.send_signal(signal.SIGTERM)
    assert supervisor.wait(timeout=30) == 0
    deadline = time.monotonic() + 10
    while groups_alive(every_group) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert groups_alive(every_group) == []


def kill_what_is_left(supervisor, out):
    """After a failed test: the supervisor and every child's group, killed."""
    if supervisor.poll() is None:
        supervisor.kill()
        supervisor.wait()
        for _name, pid in out.started():
            try:
                os.killpg(pid, signal.SIGKILL)
            except OSError:
                pass
