"""`make run` is quiet by default: one line per started part (the site's address, each worker's
queue), then only warnings and errors; no Celery banner, no task chatter, no dev server banner,
no request log. LOG_LEVEL=INFO (or DEBUG) brings the detail back."""

import os
import signal
import subprocess
import sys

import pytest

from tests.embedded.supervision import BASE_DIR, free_port, kill_what_is_left, supervise, wait_until_served
from tools import run_site


def children(log_level):
    kids = run_site.children_for("python", "127.0.0.1", 8000, "celery", "webhooks", BASE_DIR / "var", log_level)
    return {child.name: child for child in kids}


def test_quiet_celery_has_no_banner_and_logs_warnings_only():
    quiet = children("WARNING")
    for name in ("beat", "worker-default", "worker-people", "worker-webhooks"):
        assert "--quiet" in quiet[name].argv and "--loglevel=WARNING" in quiet[name].argv
    assert quiet["site"].summary == "http://127.0.0.1:8000/"
    assert quiet["worker-default"].summary == "queue celery"


def test_log_level_info_brings_back_the_banners_and_the_task_log():
    detailed = children("INFO")
    for name in ("beat", "worker-default", "worker-people", "worker-webhooks"):
        assert "--quiet" not in detailed[name].argv and "--loglevel=INFO" in detailed[name].argv
    assert all(child.log_level == "INFO" for child in detailed.values())


def test_quiet_children_hear_the_log_level_and_skip_the_notices_a_newcomer_cannot_act_on():
    env = run_site.child_environment("WARNING")
    assert env["LOG_LEVEL"] == "WARNING"
    assert env["DJANGO_RUNSERVER_HIDE_WARNING"] == "true"
    assert "ignore::UserWarning:celery.platforms" in env["PYTHONWARNINGS"]
    detailed = run_site.child_environment("INFO")
    assert detailed["LOG_LEVEL"] == "INFO"
    assert "celery.platforms" not in detailed.get("PYTHONWARNINGS", "")


@pytest.mark.services  # a real site, beat and three workers on the embedded config
def test_a_real_quiet_run_prints_one_line_per_part_and_nothing_else(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL", "LOG_LEVEL")}
    env.update(
        DEBUG="1",
        VAR_DIR=str(tmp_path / "var"),
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        PYTHONUNBUFFERED="1",
    )
    port = free_port()
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=BASE_DIR, env=env, check=True)
    supervisor, out = supervise(["--port", str(port)], env)
    try:
        out.wait_for(lambda lines: len(out.started()) == 5, 30, "start of the site, beat and three workers")
        wait_until_served(port, out)  # a request runserver would log at INFO
        supervisor.send_signal(signal.SIGTERM)
        assert supervisor.wait(timeout=30) == 0
    finally:
        kill_what_is_left(supervisor, out)
    strays = [line for line in out.lines if not line.startswith("[run_site ")]
    assert strays == [], "".join(out.lines)
    assert f"started site (pid {out.started()[0][1]}): http://127.0.0.1:{port}/" in "".join(out.lines)
