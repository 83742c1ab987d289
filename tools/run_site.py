"""`make run`'s supervisor (standard library only): the site, Celery beat and three workers, one
for the default queue, one for the bots' turns at tables where a person sits (so a person's game
never waits behind a tournament on autopilot) and one for the webhook queue, so a slow webhook
never holds up the built-in bots, rounds and standings. A worker or beat that exits is started
again after a short backoff, with the reason logged: once, a worker died on a torn broker message
and, with nothing to restart it, every bot table stopped. The site exiting (a port in use, a
fatal error) ends the run, as does Ctrl-C or SIGTERM: then every child and its own children are
stopped.

    python tools/run_site.py [--host 127.0.0.1] [--port 8000] [--build-engine]

Migrations and seeding are the Makefile's job, before this starts.

With ``--build-engine`` (the Makefile's choice when the compiled engine is missing or older than
its sources) the engine is compiled in the background (tools/build_engine.py, its output in
var/build/engine.log) while every child runs the engine's Python sources
(``KINGRIFKI_ENGINE=python``: the same code, slower). When the build succeeds its stamp is
written and the children are restarted without that variable, on the compiled engine: the
workers together (each has a queue of its own), then beat, then the site, each stopped as on
Ctrl-C (SIGTERM: a worker's warm shutdown finishes the task in hand, the others wait in the
broker) and started again once it has exited. If the build fails, the site goes on running the
sources and the log says where the compiler's output is.

Quiet by default: one line per started child (and for the build, one when it starts and one
when it is done), then only warnings and errors (the site's 4xx and 5xx, a task that failed, a
child that died). LOG_LEVEL=INFO (or DEBUG) brings the detail back: Celery's banners, every task
received and done, beat's schedule, the dev server's banner and every request. The
environment's LOG_LEVEL is handed to the children, whose logging (config/settings.py LOGGING,
Celery's --loglevel) follows it.
"""

import argparse
import ctypes
import logging
import os
import shlex
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_LOG_LEVEL = "WARNING"
DETAILED_LEVELS = ("DEBUG", "INFO")

BASE_DIR = Path(__file__).resolve().parent.parent
BACKOFF_FIRST = 1.0  # seconds before the first restart
BACKOFF_MAX = 30.0  # a child that keeps failing is retried this often at most
STEADY_SECONDS = 30.0  # a child that ran this long before exiting starts again with no backoff
STOP_GRACE_SECONDS = 15.0  # warm shutdown (a worker finishes its task) before SIGKILL
# Switching to the compiled engine, nobody is waiting on a worker's exit: its task may take its time.
SWITCH_GRACE_SECONDS = 120.0
POLL_SECONDS = 0.2
ENGINE_STAMP = BASE_DIR / "var" / "build" / "engine.stamp"
ENGINE_LOG = BASE_DIR / "var" / "build" / "engine.log"
BUILD_NICENESS = 10  # the build yields the CPU to the site and the workers serving meanwhile
AUTOPILOT_NICENESS = 10  # the default queue's worker (bot tables) yields it to people's tables
# The order of the switch to the compiled engine: the workers first (they run the most engine
# code), beat, then the site, whose restart leaves the address unanswered for a second or two.
SWITCH_ORDER = ("worker", "beat", "site")

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
    engine_sources: bool = False  # its next start runs KINGRIFKI_ENGINE=python (the engine compiles)
    runs_sources: bool = False  # the running process was started so
    switching_since: float | None = None  # stopped to come back on the compiled engine


def children_for(
    python: str,
    host: str,
    port: int,
    default_queue: str,
    webhook_queue: str,
    var_dir: Path,
    log_level: str = DEFAULT_LOG_LEVEL,
    webhook_calls: int = 32,
    people_queue: str = "people",
) -> list[Child]:
    # --quiet: no banner (the ASCII art, the task list) unless the detail is asked for.
    celery = [python, "-m", "celery", "-A", "config", *([] if detailed(log_level) else ["--quiet"])]
    worker = [*celery, "worker", f"--loglevel={log_level}"]
    # The default queue: one task at a time (built-in bots decide in the worker, CPU-bound). The
    # people queue likewise: the bots' turns at tables where a person sits, so a person's game
    # is never queued behind a tournament on autopilot.
    # The webhook queue: each task waits on a bot's server, so ``webhook_calls`` threads wait
    # at once (BOT_WEBHOOK_CONCURRENCY), and bots that hang delay no other bot's call.
    solo = [*worker, "--pool=solo", "--concurrency=1"]
    threads = [*worker, "--pool=threads", f"--concurrency={webhook_calls}"]
    schedule = str(var_dir / "celerybeat-schedule")
    children = [
        Child("site", [python, "manage.py", "runserver", f"{host}:{port}"], False, f"http://{host}:{port}/"),
        Child("beat", [*celery, "beat", f"--loglevel={log_level}", "-s", schedule], True, "the periodic tasks"),
        # The default queue's worker yields the CPU (nice) to the people's, the site and the
        # streams: bot tables on autopilot use what is left, never a person's time.
        Child(
            "worker-default",
            ["nice", "-n", str(AUTOPILOT_NICENESS), *solo, "-Q", default_queue, "-n", "default@%h"],
            True,
            f"queue {default_queue}",
        ),
        Child(
            "worker-people",
            [*solo, "-Q", people_queue, "-n", "people@%h"],
            True,
            f"queue {people_queue} (tables with people)",
        ),
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


def child_environment(log_level: str, engine_sources: bool = False) -> dict[str, str]:
    """The children's environment: LOG_LEVEL for their logging and, when quiet, the two notices
    a newcomer can do nothing about. Celery warns when a worker runs as root or in the sudo or
    wheel group (a developer's own machine often is), though this broker and the JSON
    serializer leave nothing to exploit; runserver warns that it is a development server,
    which is what `make run` is for (production is gunicorn, docs/deploying.md
    "Running and deploying"). ``engine_sources``: the engine's Python sources, whatever
    extension modules a build in progress has written so far (games/engine/__init__.py)."""
    env = dict(os.environ, LOG_LEVEL=log_level)
    if engine_sources:
        env["KINGRIFKI_ENGINE"] = "python"
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
        getattr(settings, "BOT_PEOPLE_QUEUE", "people"),
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


def start(child: Child, level: int = logging.INFO, how: str = "started") -> None:
    # A session (and process group) of its own: Ctrl-C reaches only this supervisor, which then
    # stops the children in order, and stopping a group also stops what the child started
    # (runserver's autoreloader runs the site in a child process).
    # Quiet, a child's standard output is dropped: what is printed there rather than logged
    # (runserver's banner, a Celery worker's "Warm shutdown" on Ctrl-C). Logs, warnings and
    # tracebacks go to standard error, which stays.
    child.proc = subprocess.Popen(
        child.argv,
        cwd=BASE_DIR,
        env=child_environment(child.log_level, child.engine_sources),
        stdout=None if detailed(child.log_level) else subprocess.DEVNULL,
        start_new_session=True,
        preexec_fn=_die_with_parent if sys.platform == "linux" else None,
    )
    child.runs_sources = child.engine_sources
    child.started_at = time.monotonic()
    child.restart_at = None
    detail = " ".join(child.argv) if detailed(child.log_level) else child.summary
    log.log(level, "%s %s (pid %d): %s", how, child.name, child.proc.pid, detail)


def signal_group(child: Child, sig: int) -> None:
    if child.proc is None:
        return
    try:
        os.killpg(child.proc.pid, sig)
    except (ProcessLookupError, PermissionError):
        pass  # the group is gone already


def check(child: Child, now: float) -> bool:
    """Restart the child if it is due; note its exit if it has exited. False when the run must end."""
    if child.switching_since is not None:
        return True  # stopped on purpose, to come back on the compiled engine (EngineSwitch)
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


def shown(path: Path) -> str:
    try:
        return str(path.relative_to(BASE_DIR))
    except ValueError:
        return str(path)


def _build_in_background():
    _die_with_parent()
    os.nice(BUILD_NICENESS)


def _switch_rank(child: Child) -> int:
    return next((i for i, prefix in enumerate(SWITCH_ORDER) if child.name.startswith(prefix)), len(SWITCH_ORDER))


@dataclass
class EngineBuild:
    """The rules engine compiling in the background, then the children's switch to it."""

    argv: list[str]
    log_path: Path = ENGINE_LOG
    stamp: Path = ENGINE_STAMP
    state: str = "waiting"  # building, switching, done (or failed)
    proc: subprocess.Popen | None = None
    started_at: float = 0.0
    started_wall: float = 0.0
    took: float = 0.0
    pending: list[Child] = field(default_factory=list)  # children still to restart on the build
    killed: set[str] = field(default_factory=set)  # those that outstayed SWITCH_GRACE_SECONDS

    def start(self, children: list[Child]) -> None:
        for child in children:
            child.engine_sources = True
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.log_path, "wb") as out:
            self.proc = subprocess.Popen(
                self.argv,
                cwd=BASE_DIR,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=_build_in_background if sys.platform == "linux" else None,
            )
        self.state = "building"
        self.started_at, self.started_wall = time.monotonic(), time.time()
        log.info(
            "compiling the rules engine in the background (%s); the site runs on the engine's Python sources meanwhile",
            shown(self.log_path),
        )

    def poll(self, children: list[Child], now: float) -> None:
        if self.state == "building":
            self._check_build(children, now)
        if self.state == "switching":
            self._switch_next(now)

    def _check_build(self, children: list[Child], now: float) -> None:
        returncode = self.proc.poll()
        if returncode is None:
            return
        self.took = now - self.started_at
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)  # a compiler it left behind, if any
        except (ProcessLookupError, PermissionError):
            pass
        self.proc = None
        if returncode != 0:
            self.state = "failed"
            log.error(
                "the rules engine did not compile (%s after %.0f s; the compiler's output is in %s): "
                "the site goes on running the engine's Python sources",
                describe_exit(returncode),
                self.took,
                shown(self.log_path),
            )
            return
        # The stamp dates from the build's start: a source saved while it compiled is newer, so
        # the next make rebuilds it.
        self.stamp.parent.mkdir(parents=True, exist_ok=True)
        self.stamp.touch()
        os.utime(self.stamp, (self.started_wall, self.started_wall))
        if os.environ.get("KINGRIFKI_ENGINE") == "python":
            self.state = "done"
            log.info(
                "the compiled engine is built (%.0f s); KINGRIFKI_ENGINE=python keeps the site on the sources",
                self.took,
            )
            return
        for child in children:
            child.engine_sources = False
        self.pending = sorted(children, key=_switch_rank)  # sorted() keeps the workers' own order
        self.state = "switching"

    def _switch_next(self, now: float) -> None:
        """Rank by rank (the workers, beat, the site): stop each child of the rank as Ctrl-C would
        and start it again once it has exited. The workers go together: each has a queue of its
        own, which pauses for the few seconds of its own worker's restart, its tasks waiting in
        the broker (a warm shutdown finishes the task in hand)."""
        while self.pending:
            rank = _switch_rank(self.pending[0])
            for child in [c for c in self.pending if _switch_rank(c) == rank]:
                if child.switching_since is None:
                    if child.proc is None or child.proc.poll() is not None or not child.runs_sources:
                        self.pending.remove(child)  # not running: check() starts it again, on the build now
                        continue
                    log.debug("stopping %s (pid %d) to restart it on the compiled engine", child.name, child.proc.pid)
                    signal_group(child, signal.SIGTERM)
                    child.switching_since = now
                elif child.proc.poll() is not None:
                    signal_group(child, signal.SIGKILL)  # anything it left behind in its group
                    child.switching_since = None
                    start(child, logging.DEBUG, "restarted")
                    self.pending.remove(child)
                elif now - child.switching_since >= SWITCH_GRACE_SECONDS and child.name not in self.killed:
                    log.warning(
                        "%s (pid %d) did not stop in %.0f s: killing it",
                        child.name,
                        child.proc.pid,
                        SWITCH_GRACE_SECONDS,
                    )
                    signal_group(child, signal.SIGKILL)
                    self.killed.add(child.name)
            if any(_switch_rank(c) == rank for c in self.pending):
                return
        self.state = "done"
        log.info(
            "the compiled engine is ready (built in %.0f s): the workers, beat and site restarted on it in %.0f s",
            self.took,
            now - self.started_at - self.took,
        )

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        log.debug("stopping the engine's build (pid %d): the next make run builds it again", self.proc.pid)
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=STOP_GRACE_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        except (ProcessLookupError, PermissionError):
            pass


def supervise(children: list[Child], engine_build: EngineBuild | None = None) -> int:
    stop_requested = []

    def request_stop(signum, _frame):
        stop_requested.append(signum)

    handled = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    previous = {sig: signal.signal(sig, request_stop) for sig in handled}
    exit_code = 0
    try:
        if engine_build is not None:
            engine_build.start(children)
        for child in children:
            start(child)
        while not stop_requested:
            now = time.monotonic()
            if engine_build is not None:
                engine_build.poll(children, now)
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
        if engine_build is not None:
            engine_build.stop()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    log.info("all stopped")
    return exit_code


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument(
        "--build-engine",
        action="store_true",
        help="compile the rules engine in the background, the site on its sources meanwhile, then switch",
    )
    parser.add_argument(
        "--engine-build-command",
        default=f"{shlex.quote(sys.executable)} tools/build_engine.py",
        help="the build (a shell-quoted command run from the project's root)",
    )
    parser.add_argument("--engine-log", type=Path, default=ENGINE_LOG, help="the build's output")
    parser.add_argument("--engine-stamp", type=Path, default=ENGINE_STAMP, help="touched when the build succeeds")
    args = parser.parse_args(argv)
    log_level = (os.environ.get("LOG_LEVEL") or DEFAULT_LOG_LEVEL).upper()
    # The supervisor's own lines (started, restarted, stopped) always show; each child's stop too in detail.
    own_level = logging.DEBUG if detailed(log_level) else logging.INFO
    logging.basicConfig(level=own_level, format="[run_site %(asctime)s] %(message)s", datefmt="%H:%M:%S")
    engine_build = None
    if args.build_engine:
        engine_build = EngineBuild(shlex.split(args.engine_build_command), args.engine_log, args.engine_stamp)
    return supervise(from_settings(sys.executable, args.host, args.port, log_level), engine_build)


if __name__ == "__main__":
    sys.exit(main())
