"""`make run`'s supervisor (standard library only): the site, Celery beat and two workers, one
for the default queue and one for the webhook queue, so a slow webhook never holds up the
built-in bots, rounds and standings. A worker or beat that exits is started again after a short
backoff, with the reason logged: once, a worker died on a torn broker message and, with nothing
to restart it, every bot table stopped. The site exiting (a port in use, a fatal error) ends the
run, as does Ctrl-C or SIGTERM: then every child and its own children are stopped.

    python tools/run_site.py [--host 127.0.0.1] [--port 8000]

Migrations and seeding are the Makefile's job, before this starts.

Quiet by default: one line per started child, then only warnings and errors (the site's 4xx and
5xx, a task that failed, a child that died). LOG_LEVEL=INFO (or DEBUG) brings the detail back:
Celery's banners, every task received and done, beat's schedule, the dev server's banner and
every request. The environment's LOG_LEVEL is handed to the children, whose logging
(config/settings.py LOGGING, Celery's --loglevel) follows it.
"""

import argparse
import ctypes
import logging
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

DEFAULT_LOG_LEVEL = "WARNING"
DETAILED_LEVELS = ("DEBUG", "INFO")

BASE_DIR = Path(__file__).resolve().parent.parent
BACKOFF_FIRST = 1.0  # seconds before the first restart
BACKOFF_MAX = 30.0  # a child that keeps failing is retried this often at most
STEADY_SECONDS = 30.0  # a child that ran this long before exiting starts again with no backoff
STOP_GRACE_SECONDS = 15.0  # warm shutdown (a worker finishes its task) before SIGKILL
POLL_SECONDS = 0.2

log = logging.getLogger("run_site")


@dataclass
class Child:
    name: str
    argv: list[str]
    restart: bool  # workers and beat come back; the site's exit ends the run
    summary: str = ""  # what the quiet log says it is: the site's address, a worker's queue
    log_level: str = DEFAULT_LOG_LEVEL  # its logging's, handed on in LOG_LEVEL
    proc: subprocess.Popen | None = None
    started_at: float = 0.0
    quick_exits: int = 0  # exits in a row, each soon after starting: drives the backoff
    restart_at: float | None = None


def children_for(
    python: str,
    host: str,
    port: int,
    default_queue: str,
    webhook_queue: str,
    var_dir: Path,
    log_level: str = DEFAULT_LOG_LEVEL,
    webhook_calls: int = 32,
) -> list[Child]:
    # --quiet: no banner (the ASCII art, the task list) unless the detail is asked for.
    celery = [python, "-m", "celery", "-A", "config", *([] if detailed(log_level) else ["--quiet"])]
    worker = [*celery, "worker", f"--loglevel={log_level}"]
    # The default queue: one task at a time (built-in bots decide in the worker, CPU-bound).
    # The webhook queue: each task waits on a bot's server, so ``webhook_calls`` threads wait
    # at once (BOT_WEBHOOK_CONCURRENCY), and bots that hang delay no other bot's call.
    solo = [*worker, "--pool=solo", "--concurrency=1"]
    threads = [*worker, "--pool=threads", f"--concurrency={webhook_calls}"]
    schedule = str(var_dir / "celerybeat-schedule")
    children = [
        Child("site", [python, "manage.py", "runserver", f"{host}:{port}"], False, f"http://{host}:{port}/"),
        Child("beat", [*celery, "beat", f"--loglevel={log_level}", "-s", schedule], True, "the periodic tasks"),
        Child("worker-default", [*solo, "-Q", default_queue, "-n", "default@%h"], True, f"queue {default_queue}"),
        Child(
            "worker-webhooks",
            [*threads, "-Q", webhook_queue, "-n", "webhooks@%h"],
            True,
            f"queue {webhook_queue}, {webhook_calls} calls at once",
        ),
    ]
    for child in children:
        child.log_level = log_level
    return children


def detailed(log_level: str) -> bool:
    return log_level.upper() in DETAILED_LEVELS


def child_environment(log_level: str) -> dict[str, str]:
    """The children's environment: LOG_LEVEL for their logging and, when quiet, the two notices
    a newcomer can do nothing about. Celery warns when a worker runs as root or in the sudo or
    wheel group (a developer's own machine often is), though this broker and the JSON
    serializer leave nothing to exploit; runserver warns that it is a development server,
    which is what `make run` is for (production is gunicorn, docs/deploying.md
    "Running and deploying")."""
    env = dict(os.environ, LOG_LEVEL=log_level)
    if not detailed(log_level):
        env["DJANGO_RUNSERVER_HIDE_WARNING"] = "true"
        env["PYTHONWARNINGS"] = ",".join(
            filter(None, [env.get("PYTHONWARNINGS"), "ignore::UserWarning:celery.platforms"])
        )
    return env


def from_settings(python: str, host: str, port: int, log_level: str = DEFAULT_LOG_LEVEL) -> list[Child]:
    sys.path.insert(0, str(BASE_DIR))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.conf import settings

    return children_for(
        python,
        host,
        port,
        settings.CELERY_TASK_DEFAULT_QUEUE,
        getattr(settings, "BOT_WEBHOOK_QUEUE", "webhooks"),
        Path(settings.VAR_DIR),
        log_level,
        settings.BOT_WEBHOOK_CONCURRENCY,
    )


def describe_exit(returncode: int) -> str:
    if returncode < 0:
        try:
            return f"killed by {signal.Signals(-returncode).name}"
        except ValueError:
            return f"killed by signal {-returncode}"
    return f"exit status {returncode}"


def backoff_seconds(quick_exits: int) -> float:
    return min(BACKOFF_MAX, BACKOFF_FIRST * 2 ** max(0, quick_exits - 1))


def _die_with_parent():
    # Linux: if this supervisor is killed outright (SIGKILL), its children get SIGTERM instead
    # of running on unsupervised. Elsewhere the call is skipped.
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def start(child: Child) -> None:
    # A session (and process group) of its own: Ctrl-C reaches only this supervisor, which then
    # stops the children in order, and stopping a group also stops what the child started
    # (runserver's autoreloader runs the site in a child process).
    # Quiet, a child's standard output is dropped: what is printed there rather than logged
    # (runserver's banner, a Celery worker's "Warm shutdown" on Ctrl-C). Logs, warnings and
    # tracebacks go to standard error, which stays.
    child.proc = subprocess.Popen(
        child.argv,
        cwd=BASE_DIR,
        env=child_environment(child.log_level),
        stdout=None if detailed(child.log_level) else subprocess.DEVNULL,
        start_new_session=True,
        preexec_fn=_die_with_parent if sys.platform == "linux" else None,
    )
    child.started_at = time.monotonic()
    child.restart_at = None
    detail = " ".join(child.argv) if detailed(child.log_level) else child.summary
    log.info("started %s (pid %d): %s", child.name, child.proc.pid, detail)


def signal_group(child: Child, sig: int) -> None:
    if child.proc is None:
        return
    try:
        os.killpg(child.proc.pid, sig)
    except (ProcessLookupError, PermissionError):
        pass  # the group is gone already


def check(child: Child, now: float) -> bool:
    """Restart the child if it is due; note its exit if it has exited. False when the run must end."""
    if child.proc is None:
        if child.restart_at is not None and now >= child.restart_at:
            start(child)
        return True
    returncode = child.proc.poll()
    if returncode is None:
        return True
    ran = now - child.started_at
    signal_group(child, signal.SIGKILL)  # anything it left behind in its group
    if not child.restart:
        log.error("%s exited (%s) after %.1f s: stopping everything", child.name, describe_exit(returncode), ran)
        return False
    child.quick_exits = child.quick_exits + 1 if ran < STEADY_SECONDS else 1
    delay = backoff_seconds(child.quick_exits)
    log.warning(
        "%s (pid %d) exited unexpectedly (%s) after %.1f s; restarting in %.0f s",
        child.name,
        child.proc.pid,
        describe_exit(returncode),
        ran,
        delay,
    )
    child.proc = None
    child.restart_at = now + delay
    return True


def stop_all(children: list[Child]) -> None:
    running = [c for c in children if c.proc is not None and c.proc.poll() is None]
    for child in running:
        log.debug("stopping %s (pid %d)", child.name, child.proc.pid)
        signal_group(child, signal.SIGTERM)
    deadline = time.monotonic() + STOP_GRACE_SECONDS
    for child in running:
        try:
            child.proc.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            log.warning(
                "%s (pid %d) did not stop in %.0f s: killing it", child.name, child.proc.pid, STOP_GRACE_SECONDS
            )
            signal_group(child, signal.SIGKILL)
            child.proc.wait()
    for child in children:
        signal_group(child, signal.SIGKILL)  # what they started, if any of it outlived them


def supervise(children: list[Child]) -> int:
    stop_requested = []

    def request_stop(signum, _frame):
        stop_requested.append(signum)

    handled = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    previous = {sig: signal.signal(sig, request_stop) for sig in handled}
    exit_code = 0
    try:
        for child in children:
            start(child)
        while not stop_requested:
            now = time.monotonic()
            if not all(check(child, now) for child in children):
                exit_code = 1
                break
            time.sleep(POLL_SECONDS)
        if stop_requested:
            log.info("%s received: stopping everything", signal.Signals(stop_requested[0]).name)
    finally:
        # Ignore further Ctrl-C while stopping, so a second one cannot orphan the children.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        stop_all(children)
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    log.info("all stopped")
    return exit_code


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    log_level = (os.environ.get("LOG_LEVEL") or DEFAULT_LOG_LEVEL).upper()
    # The supervisor's own lines (started, restarted, stopped) always show; each child's stop too in detail.
    own_level = logging.DEBUG if detailed(log_level) else logging.INFO
    logging.basicConfig(level=own_level, format="[run_site %(asctime)s] %(message)s", datefmt="%H:%M:%S")
    return supervise(from_settings(sys.executable, args.host, args.port, log_level))


if __name__ == "__main__":
    sys.exit(main())
