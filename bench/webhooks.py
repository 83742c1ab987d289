"""``python -m bench.webhooks``: a webhook bot's turns while bots that never answer hang at other tables.

A prompt webhook bot (a loopback server that answers each turn at once with its first legal
action) plays tables of house built-in bots (``random``) of the engine's first ruleset (King).
For each pair of its turns in a row in one match: seconds from its answer written to its next
request arriving (the house bots' moves and both queues' hops in between). Two scenarios, each a
fresh process with `make run`'s two workers (the default queue's, and the webhook queue's with
its BOT_WEBHOOK_CONCURRENCY threads):

- ``calm``: the prompt bot alone;
- ``hanging``: beside it, ``--hanging`` (3) webhook bots whose servers never answer sit at
  tables of their own, each turn held for the whole turn timeout (2 s), a new table made for
  each as soon as a house bot has taken its seat over, so that they hang all the while.

Target (issue 33): the prompt bot's median gap with the bots hanging within 1.2x of its median
gap alone. Rounds alternate the scenarios; the figures are pooled and per round.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from bench.bots import BASE_DIR, DEFAULT_RULESET, make_bot_factory, setup_django
from bench.latency import commit_of
from games.engine import RULESETS

SCENARIOS = ("calm", "hanging")
TARGET_RATIO = 1.2
GIVE_UP_SECONDS = 600.0


def serve(handler):
    """A threaded HTTP server on a free loopback port, serving ``handler``: (server, its URL)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/"


class PromptBot:
    """A webhook server answering each turn at once; ``turns`` holds (match, arrived, answered)."""

    def __init__(self):
        self.turns = []
        bot = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                arrived = time.time()
                turn = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                body = json.dumps({"action": turn["legal_actions"][0]}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                self.wfile.flush()
                bot.turns.append((turn["match"], arrived, time.time()))

            def log_message(self, *args):
                pass

        self.server, self.url = serve(Handler)

    def gaps(self):
        """Seconds from each answer to the next request of the same match (its tables may overlap)."""
        by_match = {}
        for match, arrived, answered in self.turns:
            by_match.setdefault(match, []).append((arrived, answered))
        out = []
        for turns in by_match.values():
            turns.sort()
            out += [arrived - answered for (_, answered), (arrived, _) in zip(turns, turns[1:])]
        return out


class HangingBot:
    """A webhook server that reads each turn and never answers (the platform gives up at the
    turn's timeout and plays the fallback)."""

    def __init__(self):
        self.stop = threading.Event()
        bot = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers["Content-Length"]))
                bot.stop.wait(60)

            def log_message(self, *args):
                pass

        self.server, self.url = serve(Handler)


def make_run_workers(log_dir):
    """`make run`'s workers for the default and webhook queues (tools/run_site.py), on the bench's queues."""
    from django.conf import settings

    from tools.run_site import children_for

    children = children_for(
        sys.executable,
        "127.0.0.1",
        0,
        settings.CELERY_TASK_DEFAULT_QUEUE,
        settings.BOT_WEBHOOK_QUEUE,
        Path(settings.VAR_DIR),
        webhook_calls=settings.BOT_WEBHOOK_CONCURRENCY,
        people_queue=settings.BOT_PEOPLE_QUEUE,
    )
    workers = []
    for child in children:
        # No person sits at these tables: the people's queue (the default one here) needs no worker.
        if child.name.startswith("worker-") and child.name != "worker-people":
            log = open(log_dir / f"{child.name}.log", "w")
            workers.append(subprocess.Popen(child.argv, cwd=BASE_DIR, env=dict(os.environ), stdout=log, stderr=log))
    return workers


def table(bot, house):
    """A new match of ``bot`` and house bots, its first turn handed to the worker."""
    from games.service import creating

    seats = [house] * (RULESETS[DEFAULT_RULESET].num_seats() - 1)
    seats.insert(0, bot)
    return creating.do_create_match(DEFAULT_RULESET, {}, seats)


def taken_over_or_over(match):
    from games.models import Event, Match

    match.refresh_from_db(fields=["status", "version"])
    return (
        match.status == Match.Status.OVER or Event.objects.filter(stream=match.stream, type="seat_taken_over").exists()
    )


def run_scenario(scenario, turns, hanging):
    """In this process: `make run`'s workers, the bots, the prompt bot's gaps."""
    workdir = Path(tempfile.mkdtemp(prefix="kingrifki-webhooks-"))
    setup_django(workdir, webhook_queue=True)
    from django.conf import settings
    from django.db import connection

    from bots.house import house_bot

    workers = make_run_workers(workdir)
    prompt, hangers = PromptBot(), [HangingBot() for _ in range(hanging if scenario == "hanging" else 0)]
    try:
        make = make_bot_factory()
        house = house_bot("random")
        prompt_bot = make("webhook", url=prompt.url)
        hanging_bots = [make("webhook", url=h.url) for h in hangers]
        table(prompt_bot, house)  # warm-up: both workers boot Django and take a first turn
        given_up = time.monotonic() + GIVE_UP_SECONDS
        while len(prompt.turns) < 5:
            if time.monotonic() > given_up:
                raise SystemExit("the warm-up match made no webhook request")
            time.sleep(0.05)
        hanging_tables = [table(b, house) for b in hanging_bots]
        time.sleep(0.5)  # the hanging bots' first calls are waiting
        prompt.turns.clear()
        match = table(prompt_bot, house)
        while len(prompt.turns) < turns:
            if time.monotonic() > given_up:
                raise SystemExit(f"{len(prompt.turns)} prompt turns in {GIVE_UP_SECONDS} s")
            if taken_over_or_over(match):
                match = table(prompt_bot, house)
            for i, hanging_table in enumerate(hanging_tables):
                if taken_over_or_over(hanging_table):
                    hanging_tables[i] = table(hanging_bots[i], house)  # it hangs all the while
            time.sleep(0.1)
    finally:
        for h in hangers:
            h.stop.set()
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.wait(timeout=60)
    result = {
        "scenario": scenario,
        "gaps": prompt.gaps(),
        "database": connection.vendor,
        "broker": "redis" if settings.REDIS_URL else "embedded",
        "calls": settings.BOT_WEBHOOK_CONCURRENCY,
        "commit": commit_of(Path(settings.BASE_DIR)),
    }
    connection.close()
    shutil.rmtree(workdir, ignore_errors=True)
    return result


def ms(seconds):
    return f"{1000 * seconds:.1f} ms"


def report(results, rounds, hanging):
    first = results["calm"][0]
    print(
        f"a prompt webhook bot's gap from its answer to its next request ({RULESETS[DEFAULT_RULESET].label}, "
        f"with random house bots), alone and beside {hanging} webhook bots that never answer; `make run`'s "
        f"workers ({first['database']}, {first['broker']} broker, {first['calls']} webhook calls at once), "
        f"commit {first['commit']}, {rounds} round(s)"
    )
    medians = {}
    for scenario in SCENARIOS:
        runs = [run["gaps"] for run in results[scenario]]
        pooled = [g for run in runs for g in run]
        medians[scenario] = statistics.median(pooled)
        per_round = ", ".join(ms(statistics.median(run)) for run in runs)
        print(f"  {scenario:<8} {len(pooled):>4} gaps: median {ms(medians[scenario]):>9} (per round {per_round})")
    ratio = medians["hanging"] / medians["calm"]
    met = ratio <= TARGET_RATIO
    print(f"  hanging / calm: {ratio:.2f}x (target <= {TARGET_RATIO}x): {'met' if met else 'missed'}")
    return 0 if met else 1


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.webhooks", description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=150, help="the prompt bot's turns per scenario and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--hanging", type=int, default=3, help="webhook bots that never answer")
    parser.add_argument(
        "--calls", type=int, help="webhook calls at once (BOT_WEBHOOK_CONCURRENCY; 1: as make run's worker was)"
    )
    parser.add_argument("--child", choices=SCENARIOS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(run_scenario(args.child, args.turns, args.hanging)))
        return 0
    env = {k: v for k, v in os.environ.items() if k not in ("VAR_DIR", "CELERY_QUEUE", "BOT_WEBHOOK_QUEUE")}
    env.update(LOG_LEVEL="WARNING", BOT_WEBHOOKS_ALLOW_LOOPBACK="1")
    if args.calls:
        env["BOT_WEBHOOK_CONCURRENCY"] = str(args.calls)
    results = {scenario: [] for scenario in SCENARIOS}
    for r in range(args.rounds):
        for scenario in SCENARIOS if r % 2 == 0 else reversed(SCENARIOS):
            cmd = [sys.executable, "-m", "bench.webhooks", "--child", scenario]
            cmd += ["--turns", str(args.turns), "--hanging", str(args.hanging)]
            done = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, text=True)
            if done.returncode != 0:
                raise SystemExit(f"the {scenario} run failed (exit {done.returncode})")
            results[scenario].append(json.loads(done.stdout.strip().splitlines()[-1]))
    return report(results, args.rounds, args.hanging)


if __name__ == "__main__":
    sys.exit(main())
