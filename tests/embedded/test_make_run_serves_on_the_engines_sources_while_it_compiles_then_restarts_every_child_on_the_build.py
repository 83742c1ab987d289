"""A first `make run` does not wait for the rules engine's build: tools/run_site.py --build-engine
compiles it in the background while the site, beat and workers run the engine's Python sources
(KINGRIFKI_ENGINE=python), then, the build done and its stamp written, restarts them without that
variable, so that they run the compiled engine: the workers first (each on a queue of its own,
together), then beat, then the site. Here the build is a stand-in that takes a second (a real
one takes 40)."""

import logging
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.embedded.supervision import (
    BASE_DIR,
    free_port,
    kill_what_is_left,
    stop_and_check_nothing_is_left,
    supervise,
    wait_until_served,
)
from tools import run_site

# A stand-in child: notes its name, pid and engine, then waits to be stopped.
RECORDER = (
    "import os, sys, time; "
    "engine = os.environ.get('KINGRIFKI_ENGINE') or 'compiled'; "
    "open(sys.argv[1], 'a').write(f'{sys.argv[2]} {os.getpid()} {engine}\\n'); "
    "time.sleep(600)"
)


def recording_children(record):
    return [
        run_site.Child(name, [sys.executable, "-c", RECORDER, str(record), name], restart=name != "site")
        for name in ("site", "beat", "worker-default", "worker-webhooks")
    ]


def records(record):
    return [line.split() for line in record.read_text().splitlines()] if record.exists() else []


def stop_when(predicate, seen, timeout=30):
    """From a thread: once ``predicate()`` holds (or at ``timeout``), note what was running and
    send this process SIGTERM, which supervise() takes as Ctrl-C."""

    def watch():
        deadline = time.monotonic() + timeout
        while not predicate() and time.monotonic() < deadline:
            time.sleep(0.05)
        seen.append(predicate())
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, daemon=True).start()


def test_children_start_on_the_sources_and_come_back_compiled_in_order_when_the_build_is_done(tmp_path, caplog):
    record, stamp, log_path = tmp_path / "record", tmp_path / "engine.stamp", tmp_path / "engine.log"
    children = recording_children(record)
    build = run_site.EngineBuild(
        [sys.executable, "-c", "import time; time.sleep(1); print('compiled: everything')"], log_path, stamp
    )
    seen = []
    stop_when(lambda: build.state == "done" and len(records(record)) == 8, seen)  # each child's new line too
    with caplog.at_level(logging.INFO, logger="run_site"):
        assert run_site.supervise(children, build) == 0
    assert seen == [True], caplog.text

    lines = records(record)
    first, then = lines[:4], lines[4:]
    assert {name for name, _pid, engine in first if engine == "python"} == {c.name for c in children}
    restarted = [name for name, _pid, _engine in then]
    assert sorted(restarted[:2]) == ["worker-default", "worker-webhooks"] and restarted[2:] == ["beat", "site"]
    assert all(engine == "compiled" for _name, _pid, engine in then)
    assert {pid for _n, pid, _e in first}.isdisjoint(pid for _n, pid, _e in then)  # new processes
    assert all(child.proc.returncode is not None for child in children)  # and those stopped at the end

    assert "compiled: everything" in log_path.read_text()
    # The stamp is dated from the build's start (a source saved meanwhile is newer): before the
    # build's last line was written, a second after it started.
    assert stamp.stat().st_mtime < log_path.stat().st_mtime
    assert "compiling the rules engine in the background" in caplog.text
    assert "the site runs on the engine's Python sources meanwhile" in caplog.text
    assert re.search(
        r"the compiled engine is ready \(built in \d+ s\): the workers, beat and site restarted", caplog.text
    )


@pytest.mark.services  # a real site, beat and three workers on the embedded config
@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="reads the children's environment from /proc")
def test_a_real_run_switches_its_site_and_workers_to_the_build_and_still_serves(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL", "KINGRIFKI_ENGINE")}
    env.update(
        DEBUG="1",
        VAR_DIR=str(tmp_path / "var"),
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        PYTHONUNBUFFERED="1",
        LOG_LEVEL="INFO",  # the supervisor's "restarted" lines too
    )
    port = free_port()
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=BASE_DIR, env=env, check=True)
    stamp = tmp_path / "engine.stamp"
    supervisor, out = supervise(
        ["--port", str(port), "--build-engine"]
        + ["--engine-build-command", f"{sys.executable} -c 'import time; time.sleep(5)'"]
        + ["--engine-log", str(tmp_path / "engine.log"), "--engine-stamp", str(stamp)],
        env,
    )

    def engine_of(pid):
        environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        return "python" if b"KINGRIFKI_ENGINE=python" in environ else "compiled"

    try:
        out.wait_for(lambda lines: len(out.started()) == 5, 30, "start of the site, beat and three workers")
        assert {engine_of(pid) for _name, pid in out.started()} == {"python"}
        out.wait_for(lambda lines: any("the compiled engine is ready" in line for line in lines), 90, "the switch")
        restarted = out.started()[5:]
        assert sorted(name for name, _pid in restarted) == sorted(name for name, _pid in out.started()[:5])
        assert {engine_of(pid) for _name, pid in restarted} == {"compiled"}
        assert stamp.exists()
        wait_until_served(port, out)  # the restarted site answers
        stop_and_check_nothing_is_left(supervisor, out)
    finally:
        kill_what_is_left(supervisor, out)
