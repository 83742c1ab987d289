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
mode also prints the CPU its worker burns idle (no table live; the embedded broker's consumer
polls its queues, Redis's blocks), in milliseconds of CPU per second of wall time.
"""

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
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


def make_run_worker_argv():
    """`make run`'s worker for the default queue (tools/run_site.py), on the bench's queue."""
    from django.conf import settings

    from tools.run_site import children_for

    queue = settings.CELERY_TASK_DEFAULT_QUEUE
    children = children_for(sys.executable, "127.0.0.1", 0, queue, queue, Path(settings.VAR_DIR))
    return next(child.argv for child in children if child.name == "worker-default")


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


def run_mode(mode, ruleset, moves, idle_seconds, seed, think):
    """In this process (its settings are the mode's): start the worker, measure; returns a dict."""
    workdir = Path(tempfile.mkdtemp(prefix="kingrifki-latency-"))
    setup_django(workdir)
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import connection

    from bots.house import house_bot
    from config.celery import app

    log_path = workdir / "worker.log"
    worker = start_worker(log_path, make_run_worker_argv())
    try:
        person, _ = get_user_model().objects.get_or_create(username="bench-latency-person")
        bot = house_bot("random")
        rng = random.Random(seed)
        play(person, bot, ruleset, 3, rng, log_path, think)  # warm-up: the worker boots Django, fills its caches
        time.sleep(1.0)  # the warm-up's last task done, and the deadline it queued
        before = cpu_seconds(worker.pid)
        time.sleep(idle_seconds)
        idle = (cpu_seconds(worker.pid) - before) / idle_seconds
        matches = play(person, bot, ruleset, moves, rng, log_path, think)
    finally:
        worker.terminate()
        worker.wait(timeout=60)
    embedded = not settings.REDIS_URL
    result = {
        "mode": mode,
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
    env = {k: v for k, v in os.environ.items() if k not in ("VAR_DIR", "CELERY_QUEUE", "BOT_WEBHOOK_QUEUE")}
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


def report(results, ruleset, rounds, think):
    modes = list(results)
    first = results[modes[0]][0]
    print(
        f"a person against house bots ({RULESETS[ruleset].label}, one person and {RULESETS[ruleset].num_seats() - 1} "
        f"random house bots), person's move stored to the next bot's move stored, commit {first['commit']}, "
        f"{rounds} round(s) alternating the modes; worker as `make run` starts it; the person thinks "
        f"0.1-{0.1 + think:g} s a move"
    )
    pooled = {}
    for mode in modes:
        runs = results[mode]
        values = [v for run in runs for v in run["latencies"]]
        pooled[mode] = values
        poll = runs[0]["poll_seconds"]
        broker = f"polls every {poll:g} s" if poll is not None else "blocking pop"
        idle = statistics.median(run["idle_cpu"] for run in runs)
        print(
            f"  {MODES[mode]:<37} {len(values):>4} moves: p50 {ms(statistics.median(values)):>9}, "
            f"p99 {ms(percentile(values, 0.99)):>9}, max {ms(max(values)):>9}; "
            f"idle worker {1000 * idle:.1f} ms CPU/s ({broker})"
        )
    if "redis" in pooled:
        for mode in modes:
            if mode != "redis":
                p50 = statistics.median(pooled[mode]) / statistics.median(pooled["redis"])
                p99 = percentile(pooled[mode], 0.99) / percentile(pooled["redis"], 0.99)
                print(f"  {MODES[mode]} against Redis: p50 {p50:.1f}x, p99 {p99:.1f}x")
    missed = [
        m for m in modes if statistics.median(pooled[m]) >= TARGET_P50 or percentile(pooled[m], 0.99) >= TARGET_P99
    ]
    verdict = f"missed by {', '.join(missed)}" if missed else "met"
    print(f"  target p50 < {ms(TARGET_P50)}, p99 < {ms(TARGET_P99)}: {verdict}")
    return 1 if missed else 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.latency", description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300, help="person moves per mode, over all rounds")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    parser.add_argument("--think", type=float, default=1.0, help="the person thinks 0.1 s to 0.1 + THINK s a move")
    parser.add_argument("--ruleset", choices=sorted(RULESETS), default=DEFAULT_RULESET)
    parser.add_argument(
        "--modes", help=f"comma-separated, of {', '.join(MODES)} (default: those whose services are set)"
    )
    parser.add_argument("--child", choices=sorted(MODES), help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        result = run_mode(args.child, args.ruleset, args.moves, args.idle_seconds, args.seed, args.think)
        print(json.dumps(result))
        return 0
    modes = args.modes.split(",") if args.modes else available_modes()
    unknown = set(modes) - set(MODES)
    if unknown:
        parser.error(f"unknown mode(s): {', '.join(sorted(unknown))}")
    results = {mode: [] for mode in modes}
    per_round = max(1, args.moves // args.rounds)
    for r in range(args.rounds):
        for mode in modes:
            cmd = [sys.executable, "-m", "bench.latency", "--child", mode, "--ruleset", args.ruleset]
            cmd += ["--moves", str(per_round), "--idle-seconds", str(args.idle_seconds), "--seed", str(r + 1)]
            cmd += ["--think", str(args.think)]
            done = subprocess.run(cmd, env=mode_env(mode), stdout=subprocess.PIPE, text=True)
            if done.returncode != 0:
                raise SystemExit(f"the {mode} run failed (exit {done.returncode})")
            results[mode].append(json.loads(done.stdout.strip().splitlines()[-1]))
    return report(results, args.ruleset, args.rounds, args.think)


if __name__ == "__main__":
    sys.exit(main())
