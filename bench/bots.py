"""``python -m bench.bots``: bot matches end to end through a real Celery worker.

1. A full match of ``random`` built-in bots (``--ruleset``, by default the engine's first:
   King), one a seat: from the first task sent to the last event stored, wall time and events
   per second (target: <= 0.3 s per match: a run of moves is one transaction, so the engine
   and the bots bound it, not commits).
2. A loopback webhook bot (answering at once) at a table of built-in bots: turn latency from
   the turn becoming due (the preceding event stored) to the bot's action stored, p50 and p99.

It runs against the site's database and broker: DATABASE_URL and REDIS_URL when set (as in
CI), else a fresh SQLite file and the filesystem broker under a temporary folder (which an idle
worker looks at every config.embedded_broker.POLL_SECONDS, a wait a slice boundary pays).
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

from games.engine import RULESETS

BASE_DIR = Path(__file__).resolve().parent.parent
# The ruleset the figures are measured on unless --ruleset names another: the engine's first
# (King), the game the figures of docs/benchmarks.md have always been measured on.
DEFAULT_RULESET = next(iter(RULESETS))


def setup_django(workdir, webhook_queue=False, people_queue=False):
    """Django on a fresh SQLite file in ``workdir`` (unless DATABASE_URL says otherwise), with a
    Celery queue of the bench's own; webhook turns and the turns of tables where a person sits on
    it too, or with ``webhook_queue`` / ``people_queue`` each on a queue of their own, as `make
    run` and the compose file route them."""
    if not os.environ.get("DATABASE_URL"):
        os.environ["DATABASE_URL"] = f"sqlite:///{workdir / 'bench.sqlite3'}"
    os.environ.setdefault("SECRET_KEY", "bench-only")
    os.environ.setdefault("VAR_DIR", str(workdir / "var"))
    os.environ["CELERY_QUEUE"] = f"bench-{uuid.uuid4().hex[:8]}"
    # One worker plays webhook turns too, unless they have a queue (and a worker) of their own.
    os.environ["BOT_WEBHOOK_QUEUE"] = os.environ["CELERY_QUEUE"] + ("-webhooks" if webhook_queue else "")
    os.environ["BOT_PEOPLE_QUEUE"] = os.environ["CELERY_QUEUE"] + ("-people" if people_queue else "")
    os.environ["BOT_WEBHOOKS_ALLOW_PRIVATE"] = "1"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def start_worker(log_path, argv=None):
    """A Celery worker on the bench's queue, solo and without gossip, mingle and heartbeat, or
    the one given in ``argv`` (bench.latency starts `make run`'s)."""
    cmd = argv or [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "config",
        "worker",
        "--pool=solo",
        "--concurrency=1",
        "-Q",
        os.environ["CELERY_QUEUE"],
        "-n",
        f"{os.environ['CELERY_QUEUE']}@%h",
        "--loglevel=WARNING",
        "--without-gossip",
        "--without-mingle",
        "--without-heartbeat",
    ]
    return subprocess.Popen(
        cmd, cwd=BASE_DIR, env=dict(os.environ), stdout=open(log_path, "w"), stderr=subprocess.STDOUT
    )


def bots(make, specs):
    return [make(kind, strategy, url) for kind, strategy, url in specs]


def make_bot_factory():
    from django.contrib.auth import get_user_model

    from bots.models import Bot
    from bots.registry import new_credentials

    owner, _ = get_user_model().objects.get_or_create(username="bench-house")

    def make(kind, strategy="random", url=""):
        _, secret, hashes = new_credentials()
        bot = Bot.objects.create(
            owner=owner,
            name=f"bench-{uuid.uuid4().hex[:10]}",
            kind=kind,
            strategy=strategy if kind == "builtin" else "",
            url=url,
            **hashes,
        )
        bot.secret = secret
        return bot

    return make


def run_match(players, ruleset, timeout=120):
    """Create a match, hand its first turn to the worker, wait for the end; (seconds, events, match)."""
    from bots.tasks import play_bot_turns
    from games.models import Match
    from games.record import eventlog
    from games.service import creating

    match = creating.do_create_match(ruleset, {}, players)
    started = time.time()
    play_bot_turns.apply_async(args=[match.pk, match.version])
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        # Polled slowly so as not to load the machine; the end time is the last event's own.
        time.sleep(0.1)
        match.refresh_from_db(fields=["status", "version"])
        if match.status == Match.Status.OVER:
            last = eventlog.stream_events(match.stream)[-1].recorded_at.timestamp()
            return last - started, match.version, match
    raise SystemExit(f"match {match.pk} did not finish in {timeout} s (see the worker log)")


def webhook_latencies(match, bot):
    """Per webhook turn: seconds from the preceding event stored to the bot's action stored."""
    from games.record import eventlog

    rows = eventlog.stream_events(match.stream)
    actor = f"bot:{bot.pk}"
    out = []
    for prev, row in zip(rows, rows[1:]):
        if row.metadata.get("actor") == actor and prev.metadata.get("actor") != actor:
            out.append((row.recorded_at - prev.recorded_at).total_seconds())
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.bots", description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=5)
    parser.add_argument("--ruleset", choices=sorted(RULESETS), default=DEFAULT_RULESET)
    args = parser.parse_args(argv)
    ruleset = RULESETS[args.ruleset]
    seats = ruleset.num_seats()  # the ruleset's default table
    workdir = Path(tempfile.mkdtemp(prefix="kingrifki-bench-"))
    setup_django(workdir)
    from django.db import connection

    from bots.examples import webhook_bot
    from games.engine import COMPILED

    worker = start_worker(workdir / "worker.log")
    try:
        make = make_bot_factory()
        # Warm-up: the worker boots Django.
        run_match(bots(make, [("builtin", "random", "")] * seats), ruleset.name)
        times, rates = [], []
        for _ in range(args.matches):
            seconds, events, _ = run_match(bots(make, [("builtin", "random", "")] * seats), ruleset.name)
            times.append(seconds)
            rates.append(events / seconds)
        latencies = []
        for _ in range(max(1, args.matches // 2)):
            hook = make("webhook", url="http://127.0.0.1:1/")
            server = webhook_bot.serve(hook.secret, port=0)  # the example bot of docs/bots.md, checking signatures
            threading.Thread(target=server.serve_forever, daemon=True).start()
            try:
                hook.url = f"http://127.0.0.1:{server.server_port}/"
                hook.save()
                others = bots(make, [("builtin", "random", "")] * (seats - 1))
                _, _, match = run_match([hook] + others, ruleset.name)
                latencies += webhook_latencies(match, hook)
            finally:
                server.shutdown()
                server.server_close()
    finally:
        worker.terminate()
        worker.wait(timeout=30)
    broker = "redis" if os.environ.get("REDIS_URL") else "filesystem broker"
    print(
        f"bots through a real worker: {connection.vendor}, {broker}, engine "
        f"{'compiled' if COMPILED else 'Python'}, {args.matches} matches, medians (min-max)"
    )
    print(
        f"  {ruleset.label} match, {seats} random bots: {statistics.median(times):.2f} s per match "
        f"({min(times):.2f}-{max(times):.2f}; target <= 0.3 s), "
        f"{statistics.median(rates):.0f} events/s"
    )
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))]
    print(
        f"  loopback webhook bot turn latency over {len(latencies)} turns: "
        f"p50 {1000 * statistics.median(latencies):.1f} ms, p99 {1000 * p99:.1f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
