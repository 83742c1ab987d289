"""``python -m bench.latency``: a person against house bots, from the person's move stored to the next bot's.

One person and house built-in bots (``bots.house.house_bot``, the ``random`` strategy) at a table
of ``--ruleset`` (by default the engine's first: King), the person at a random seat. The person
plays a random legal action through ``games.service.playing.submit_action`` (the action endpoint's path:
its commit announces the match, and the real worker is told) after thinking (``--think``). For
each person move followed by a bot's: seconds from the ``recorded_at`` of the person's last
event to the ``recorded_at`` of the next bot event (both are set just before their commits).
Target (issue 21): p50 under 100 ms and p99 under 300 ms in every mode.

The worker is the one `make run` starts (tools/run_site.py: solo pool, with gossip, mingle and
heartbeat), one per mode, in a process of its own. Modes, each a fresh process with its own
settings, alternated round by round so a noisy machine slows each alike:

- ``redis``: PostgreSQL (DATABASE_URL) and Redis (REDIS_URL);
- ``embedded``: the same PostgreSQL, no REDIS_URL: config/embedded_broker.py in a temporary folder;
- ``embedded-sqlite``: `make run`'s own: SQLite in a temporary folder and the embedded broker.

A mode whose service is not set (no postgres:// DATABASE_URL, no REDIS_URL) is left out. Each
mode also prints the CPU its workers burn idle (no table live; the embedded broker's consumer
polls its queues, Redis's blocks), in milliseconds of CPU per second of wall time.

``--load demo`` (issue 36, "people before autopilots") measures the person's moves **while** the
demo tournament of `make run` (16 built-in bots, Monte Carlo ones among them, a Swiss on
autopilot: ``ensure_demo_tournament``) runs, a new one started whenever the last has finished,
so the default queue is never idle. Each mode is then measured twice, alternately: with the
people's queue and its own worker, as `make run` starts them (tools/run_site.py), and, as the
peer, the way before it, one queue and one worker for everything (``BOT_PEOPLE_QUEUE`` set to
the default queue). The same target holds under load: p50 under 100 ms and p99 under 300 ms.
"""

import argparse
import io
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench.bots import DEFAULT_RULESET, setup_django, start_worker
from games.engine import RULESETS

MODES = {
    "redis": "PostgreSQL + Redis",
    "embedded": "PostgreSQL + embedded broker",
    "embedded-sqlite": "SQLite + embedded broker (make run)",
}
TARGET_P50, TARGET_P99 = 0.100, 0.300
TURN_TIMEOUT = 60.0  # seconds the person waits for the bots before the bench gives up


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def cpu_seconds(pid):
    """CPU seconds process ``pid`` has run so far, all its threads (Linux /proc): the scheduler's
    nanoseconds, as the clock ticks of /proc/<pid>/stat are too coarse for an idle worker."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (FileNotFoundError, ProcessLookupError):
            pass  # a thread that ended meanwhile
    return total / 1e9


def make_run_worker_argv(name="worker-default"):
    """`make run`'s worker ``name`` (tools/run_site.py: the default queue's, or the people's), on
    the bench's queues."""
    from django.conf import settings

    from tools.run_site import children_for

    queue = settings.CELERY_TASK_DEFAULT_QUEUE
    children = children_for(
        sys.executable, "127.0.0.1", 0, queue, queue, Path(settings.VAR_DIR), people_queue=settings.BOT_PEOPLE_QUEUE
    )
    return next(child.argv for child in children if child.name == name)


class DemoLoad(threading.Thread):
    """Keeps `make run`'s demo tournament under way on the default queue: whenever none is live,
    ``manage.py ensure_demo_tournament`` starts a new one. Notes whether a demo was live at every look."""

    def __init__(self):
        super().__init__(daemon=True)
        self.halt = threading.Event()
        self.started_events = 0
        self.looks = self.busy_looks = 0

    def run(self):
        from django.core.management import call_command
        from django.db import connection

        from tournaments.models import Tournament

        try:
            while not self.halt.is_set():
                before = Tournament.objects.count()
                call_command("ensure_demo_tournament", stdout=io.StringIO())
                new = Tournament.objects.count() > before
                self.started_events += new
                self.looks += 1
                self.busy_looks += not new
                self.halt.wait(0.5)
        finally:
            connection.close()

    def stop(self):
        self.halt.set()
        self.join(timeout=30)


def wait_for_turn(match, seat, log_path):
    """Wait until ``seat`` is to act or the match is over; the match row refreshed. True if it is the seat's turn."""
    from games.models import Match

    deadline = time.monotonic() + TURN_TIMEOUT
    while time.monotonic() < deadline:
        match.refresh_from_db(fields=["version", "head_hash", "status", "to_act"])
        if match.status == Match.Status.OVER:
            return False
        if match.to_act == seat:
            return True
        time.sleep(0.005)
    tail = Path(log_path).read_text()[-3000:]
    raise SystemExit(f"match {match.pk} waited {TURN_TIMEOUT} s at version {match.version}\n--- worker log ---\n{tail}")


def play(person, bot, ruleset, moves, rng, log_path, think):
    """Play ``moves`` person moves at tables of one person and house bots; returns the matches.

    The person thinks 0.1 s to ``0.1 + think`` s before each move, uniformly: by then the worker
    has gone idle, and the move lands anywhere in its wait between looks at the broker, as a
    person's does. Answering at once would often find it still busy with the bots' last task and
    hide the wait (the commit before issue 21 then showed p50s of 8-31 ms on its 1 s poll)."""
    from games.service import creating, playing, states

    seats = RULESETS[ruleset].num_seats()
    matches, played = [], 0
    while played < moves:
        seat = rng.randrange(seats)
        match = creating.do_create_match(ruleset, {}, [person if i == seat else bot for i in range(seats)])
        matches.append(match)
        while played < moves and wait_for_turn(match, seat, log_path):
            time.sleep(rng.uniform(0.1, 0.1 + think))
            action = rng.choice(states.current_state(match).legal_actions())
            playing.submit_action(match.pk, person, dict(action), match.version)
            played += 1
        wait_for_turn(match, seat, log_path)  # the bots answer the last move before the worker stops
    return matches


def latencies(matches, person):
    """Seconds from each person move's last event to the next event, where a bot made it."""
    from games.record import eventlog
    from games.service import playing

    mine = playing.actor_key(person)
    out = []
    for match in matches:
        rows = eventlog.stream_events(match.stream)
        for prev, row in zip(rows, rows[1:]):
            if prev.metadata.get("actor") == mine and str(row.metadata.get("actor", "")).startswith("bot:"):
                out.append((row.recorded_at - prev.recorded_at).total_seconds())
    return out


def run_mode(mode, ruleset, moves, idle_seconds, seed, think, load="none", people_queue=True):
    """In this process (its settings are the mode's): start the workers (the default queue's
    and, with ``people_queue``, the people's), measure, under the ``load`` ("demo": DemoLoad);
    returns a dict."""
    workdir = Path(tempfile.mkdtemp(prefix="kingrifki-latency-"))
    setup_django(workdir, people_queue=people_queue)
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import connection

    from bots.house import house_bot
    from config.celery import app

    log_path = workdir / "worker.log"
    names = ["worker-default", "worker-people"] if people_queue else ["worker-default"]
    workers = [start_worker(workdir / f"{name}.log", make_run_worker_argv(name)) for name in names]
    log_path = workdir / f"{names[-1]}.log"  # the worker that plays the person's tables
    demo = DemoLoad() if load == "demo" else None
    try:
        person, _ = get_user_model().objects.get_or_create(username="bench-latency-person")
        bot = house_bot("random")
        rng = random.Random(seed)
        play(person, bot, ruleset, 3, rng, log_path, think)  # warm-up: the worker boots Django, fills its caches
        time.sleep(1.0)  # the warm-up's last task done, and the deadline it queued
        before = sum(cpu_seconds(w.pid) for w in workers)
        time.sleep(idle_seconds)
        idle = (sum(cpu_seconds(w.pid) for w in workers) - before) / idle_seconds
        if demo is not None:
            demo.start()
            time.sleep(2.0)  # the first round's tables dealt and queued
        matches = play(person, bot, ruleset, moves, rng, log_path, think)
    finally:
        if demo is not None:
            demo.stop()
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.wait(timeout=60)
    embedded = not settings.REDIS_URL
    result = {
        "mode": mode,
        "queues": "people" if people_queue else "one",
        "load": load,
        "demo_busy": None if demo is None else demo.busy_looks / max(1, demo.looks),
        "demos": None if demo is None else demo.started_events,
        "database": connection.vendor,
        "broker": "embedded" if embedded else "redis",
        "poll_seconds": app.connection_for_read().transport.polling_interval if embedded else None,
        "idle_cpu": idle,
        "latencies": latencies(matches, person),
        "commit": commit_of(Path(settings.BASE_DIR)),
    }
    connection.close()
    shutil.rmtree(workdir, ignore_errors=True)  # its database, broker folders and worker log (kept on failure)
    return result


def commit_of(path):
    try:
        return subprocess.run(
            ["git", "-C", str(path), "describe", "--always", "--dirty"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def mode_env(mode):
    """The environment of a mode's process: its database and broker, nothing left over."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("VAR_DIR", "CELERY_QUEUE", "BOT_WEBHOOK_QUEUE", "BOT_PEOPLE_QUEUE")
    }
    env["LOG_LEVEL"] = "WARNING"  # as `make run` (tools/run_site.py), for the worker's Django logging too
    if mode != "redis":
        env.pop("REDIS_URL", None)
    if mode == "embedded-sqlite":
        env.pop("DATABASE_URL", None)  # bench.bots.setup_django: a fresh SQLite file
    return env


def available_modes():
    postgres = os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))
    redis = bool(os.environ.get("REDIS_URL"))
    return [m for m in MODES if m == "embedded-sqlite" or (postgres and (redis or m != "redis"))]


def ms(seconds):
    return f"{1000 * seconds:.1f} ms"


QUEUES = {"people": "people's queue and worker", "one": "one queue (before issue 36)"}


def report(results, ruleset, rounds, think, load):
    """Print each variant's figures (a variant: a mode and its queues); 1 if a target is missed."""
    variants = list(results)
    first = results[variants[0]][0]
    under = ", while the demo tournament runs on the default queue" if load == "demo" else ""
    print(
        f"a person against house bots ({RULESETS[ruleset].label}, one person and {RULESETS[ruleset].num_seats() - 1} "
        f"random house bots), person's move stored to the next bot's move stored{under}, commit {first['commit']}, "
        f"{rounds} round(s) alternating the variants; workers as `make run` starts them; the person thinks "
        f"0.1-{0.1 + think:g} s a move"
    )
    pooled = {}
    for variant in variants:
        mode, queues = variant
        runs = results[variant]
        values = [v for run in runs for v in run["latencies"]]
        pooled[variant] = values
        poll = runs[0]["poll_seconds"]
        broker = f"polls every {poll:g} s" if poll is not None else "blocking pop"
        idle = statistics.median(run["idle_cpu"] for run in runs)
        p50s = ", ".join(ms(statistics.median(run["latencies"])) for run in runs)
        busy = ""
        if load == "demo":
            busy = f"; demo live at {100 * min(run['demo_busy'] for run in runs):.0f}%+ of looks"
        print(
            f"  {MODES[mode]:<37} {QUEUES[queues]:<27} {len(values):>4} moves: "
            f"p50 {ms(statistics.median(values)):>9} (rounds {p50s}), p99 {ms(percentile(values, 0.99)):>9}, "
            f"max {ms(max(values)):>9}; idle workers {1000 * idle:.1f} ms CPU/s ({broker}){busy}"
        )
    for mode in dict.fromkeys(m for m, _ in variants):
        if (mode, "one") in pooled and (mode, "people") in pooled:
            one, people = pooled[(mode, "one")], pooled[(mode, "people")]
            print(
                f"  {MODES[mode]}: one queue / people's queue: p50 "
                f"{statistics.median(one) / statistics.median(people):.1f}x, "
                f"p99 {percentile(one, 0.99) / percentile(people, 0.99):.1f}x"
            )
    people_runs = {m: v for (m, q), v in pooled.items() if q == "people"}
    if ("redis", "people") in pooled and load != "demo":
        for mode, values in people_runs.items():
            if mode != "redis":
                redis = pooled[("redis", "people")]
                p50 = statistics.median(values) / statistics.median(redis)
                p99 = percentile(values, 0.99) / percentile(redis, 0.99)
                print(f"  {MODES[mode]} against Redis: p50 {p50:.1f}x, p99 {p99:.1f}x")
    missed = [
        m
        for m, values in people_runs.items()
        if statistics.median(values) >= TARGET_P50 or percentile(values, 0.99) >= TARGET_P99
    ]
    verdict = f"missed by {', '.join(missed)}" if missed else "met"
    print(f"  target (the people's queue) p50 < {ms(TARGET_P50)}, p99 < {ms(TARGET_P99)}: {verdict}")
    return 1 if missed else 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.latency", description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300, help="person moves per variant, over all rounds")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    parser.add_argument("--think", type=float, default=1.0, help="the person thinks 0.1 s to 0.1 + THINK s a move")
    parser.add_argument("--ruleset", choices=sorted(RULESETS), default=DEFAULT_RULESET)
    parser.add_argument(
        "--modes", help=f"comma-separated, of {', '.join(MODES)} (default: those whose services are set)"
    )
    parser.add_argument(
        "--load",
        choices=["none", "demo"],
        default="none",
        help="demo: measure while make run's demo tournament runs, beside one queue for everything",
    )
    parser.add_argument("--child", choices=sorted(MODES), help=argparse.SUPPRESS)
    parser.add_argument("--one-queue", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        result = run_mode(
            args.child,
            args.ruleset,
            args.moves,
            args.idle_seconds,
            args.seed,
            args.think,
            args.load,
            people_queue=not args.one_queue,
        )
        print(json.dumps(result))
        return 0
    modes = args.modes.split(",") if args.modes else available_modes()
    unknown = set(modes) - set(MODES)
    if unknown:
        parser.error(f"unknown mode(s): {', '.join(sorted(unknown))}")
    queues = ["people", "one"] if args.load == "demo" else ["people"]
    results = {(mode, q): [] for mode in modes for q in queues}
    per_round = max(1, args.moves // args.rounds)
    for r in range(args.rounds):
        for mode, q in results:
            cmd = [sys.executable, "-m", "bench.latency", "--child", mode, "--ruleset", args.ruleset]
            cmd += ["--moves", str(per_round), "--idle-seconds", str(args.idle_seconds), "--seed", str(r + 1)]
            cmd += ["--think", str(args.think), "--load", args.load] + (["--one-queue"] if q == "one" else [])
            done = subprocess.run(cmd, env=mode_env(mode), stdout=subprocess.PIPE, text=True)
            if done.returncode != 0:
                raise SystemExit(f"the {mode} run ({QUEUES[q]}) failed (exit {done.returncode})")
            results[(mode, q)].append(json.loads(done.stdout.strip().splitlines()[-1]))
    return report(results, args.ruleset, args.rounds, args.think, args.load)


if __name__ == "__main__":
    sys.exit(main())
