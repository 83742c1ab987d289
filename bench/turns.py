"""``python -m bench.turns``: a polling bot's turn, from the previous seat's stored move to the bot holding it.

One polling bot (``kind="polling"``) sits with house built-in bots (``random``) at tables of the
engine's first ruleset (King)
and plays them over HTTP as a bot author's client does, by one of two protocols:

- ``poll``: ``GET /api/v1/bot/turns/?wait=20`` again and again;
- ``stream``: ``GET /api/v1/bot/stream/`` held open (under a WSGI server, as here, a bounded
  long poll that ends with ``reconnect``: the client opens it again at once).

Each turn is answered at once with a random legal action. For every turn that came after a
house bot's move (the worker's run ends at the polling bot's seat and opens its turn in the same
task): seconds from the ``recorded_at`` of the match's last event before the turn (set just
before its commit, in the worker) to the moment the client has the turn parsed (the same
machine's clock). Target (issue 33): p50 under 50 ms and p99 under 150 ms on PostgreSQL + Redis,
p50 under 100 ms in `make run`'s embedded mode, for both protocols.

Modes, each a fresh process with its own settings, alternated round by round (the protocols
alternate inside each), a worker as `make run` starts it and the site served:

- ``redis``: PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), the site under gunicorn with the
  repository's gunicorn.conf.py (one worker), as deployed;
- ``embedded-sqlite``: `make run`'s own: SQLite, the embedded broker, Django's runserver.

Beside them, for comparison, the same bot's turns in the commit's own way before issue 33 can
be had by running this module at that commit; the figures of both are in docs/benchmarks.md.
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
import threading
import time
import uuid
from pathlib import Path

from bench import latency
from bench.bots import BASE_DIR, DEFAULT_RULESET, setup_django, start_worker
from bench.http import free_port, listening
from bench.latency import commit_of, make_run_worker_argv, mode_env, percentile
from games.engine import RULESETS

MODES = {"redis": "PostgreSQL + Redis (gunicorn)", "embedded-sqlite": "SQLite + embedded broker (make run)"}
PROTOCOLS = ("poll", "stream")
TARGETS = {"redis": (0.050, 0.150), "embedded-sqlite": (0.100, None)}
GIVE_UP_SECONDS = 60.0  # a turn that has not come by then: the run failed


def start_site(mode, port, log_path, unlimited=("polls", "actions")):
    """The site in a process of its own, on this process's settings (its database and broker),
    without the rate limits of the scopes ``unlimited`` (THROTTLE_RATES)."""
    if mode == "redis":
        cmd = [sys.executable, "-m", "gunicorn", "-c", str(BASE_DIR / "gunicorn.conf.py"), "--workers", "1"]
        cmd += ["--bind", f"127.0.0.1:{port}", "config.wsgi:application"]
    else:
        cmd = [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"]
    limits = ";".join(f"{scope}=" for scope in unlimited)
    env = dict(os.environ, ALLOWED_HOSTS="127.0.0.1", SECURE_SSL_REDIRECT="0", RATE_LIMITS=limits)
    env["DJANGO_RUNSERVER_HIDE_WARNING"] = "true"
    server = subprocess.Popen(cmd, cwd=BASE_DIR, env=env, stdout=open(log_path, "w"), stderr=subprocess.STDOUT)
    return listening(server, port, log_path, "the site")


class BotClient:
    """The polling bot, as its author's client plays it: turns in, random legal actions out.
    ``received`` holds (match id, version, time the turn was parsed)."""

    def __init__(self, base_url, token, protocol, rng):
        import httpx

        self.http = httpx.Client(base_url=base_url, headers={"Authorization": f"Bot {token}"}, timeout=40.0)
        self.protocol, self.rng = protocol, rng
        self.received, self.answered = [], set()
        self.stop = threading.Event()

    def take(self, turn):
        at = time.time()
        if turn["request_id"] in self.answered:
            return
        self.answered.add(turn["request_id"])
        self.received.append((turn["match"], turn["version"], at))
        action = self.rng.choice(turn["legal_actions"])
        self.http.post(f"/api/v1/bot/turns/{turn['request_id']}/", json={"action": action})

    def run(self):
        while not self.stop.is_set():
            if self.protocol == "poll":
                for turn in self.http.get("/api/v1/bot/turns/", params={"wait": 20}).json()["turns"]:
                    self.take(turn)
                continue
            with self.http.stream("GET", "/api/v1/bot/stream/", headers={"Accept": "application/x-ndjson"}) as r:
                for line in r.iter_lines():
                    if self.stop.is_set():
                        break
                    item = json.loads(line) if line.strip() else {}
                    if item.get("type") == "turn":
                        self.take({k: v for k, v in item.items() if k != "type"})


def play(bot, house, client, turns):
    """Matches of the polling bot and house bots until the client has had ``turns`` turns."""
    from games.models import Match
    from games.service import creating

    thread = threading.Thread(target=client.run, daemon=True)
    thread.start()
    matches = []
    try:
        while len(client.received) < turns:
            seats = [house] * (RULESETS[DEFAULT_RULESET].num_seats() - 1)
            seats.insert(len(matches) % (len(seats) + 1), bot)  # the bot's seat moves round the table
            match = creating.do_create_match(DEFAULT_RULESET, {}, seats)  # its announcement starts the worker
            matches.append(match)
            given_up = time.monotonic() + GIVE_UP_SECONDS
            while Match.objects.filter(pk=match.pk, status=Match.Status.LIVE).exists():
                if time.monotonic() > given_up and len(client.received) < turns:
                    raise SystemExit(f"match {match.pk} stalled")
                if len(client.received) >= turns:
                    break
                time.sleep(0.05)
    finally:
        client.stop.set()
    return matches


def latencies(client, bot):
    """Seconds from the stored move before each turn to its arrival, where a house bot made it."""
    from games.models import Event, Match

    mine = f"bot:{bot.pk}"
    streams = {m.pk: m.stream for m in Match.objects.filter(pk__in={m for m, _v, _t in client.received})}
    out = []
    for match_id, version, at in client.received:
        row = Event.objects.filter(stream=streams[match_id], version=version).first()
        if row is not None and str(row.metadata.get("actor", "")).startswith("bot:") and row.metadata["actor"] != mine:
            out.append(at - row.recorded_at.timestamp())
    return out


def run_mode(mode, turns, seed):
    """In this process (its settings are the mode's): the worker, the site, both protocols."""
    workdir = Path(tempfile.mkdtemp(prefix="kingrifki-turns-"))
    setup_django(workdir)
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import connection

    from bots.house import house_bot
    from bots.models import Bot
    from bots.registry import new_credentials

    worker = start_worker(workdir / "worker.log", make_run_worker_argv())
    port = free_port()
    site = start_site(mode, port, workdir / "site.log")
    result = {"mode": mode, "commit": commit_of(Path(settings.BASE_DIR)), "latencies": {}}
    try:
        owner, _ = get_user_model().objects.get_or_create(username="bench-turns-owner")
        house = house_bot("random")
        rng = random.Random(seed)
        for protocol in PROTOCOLS if seed % 2 else reversed(PROTOCOLS):
            token, _secret, hashes = new_credentials()
            name = f"bench-{protocol}-{uuid.uuid4().hex[:8]}"
            bot = Bot.objects.create(owner=owner, name=name, kind="polling", **hashes)
            warm = BotClient(f"http://127.0.0.1:{port}", token, protocol, rng)
            play(bot, house, warm, 5)  # the site and the worker boot Django, fill their caches
            client = BotClient(f"http://127.0.0.1:{port}", token, protocol, rng)
            play(bot, house, client, turns)
            result["latencies"][protocol] = latencies(client, bot)
    finally:
        stop(site, worker)
    connection.close()
    shutil.rmtree(workdir, ignore_errors=True)
    return result


def stop(*processes):
    """Stop the site and the worker a mode's child started, waiting for each (bench.sparring too)."""
    for process in processes:
        process.terminate()
        process.wait(timeout=60)


def available_modes():
    """bench.latency's modes whose services are set, of those this benchmark runs."""
    return [mode for mode in latency.available_modes() if mode in MODES]


def ms(seconds):
    return f"{1000 * seconds:.1f} ms"


def report(results, rounds, turns):
    modes = list(results)
    print(
        f"a polling bot's turns ({RULESETS[DEFAULT_RULESET].label}, one polling bot and random house bots), "
        f"the previous seat's move stored "
        f"to the turn in the bot's client, commit {results[modes[0]][0]['commit']}, {rounds} round(s) of "
        f"{turns} turns per protocol, the modes alternating; worker as `make run` starts it"
    )
    missed = []
    for mode in modes:
        for protocol in PROTOCOLS:
            runs = [run["latencies"][protocol] for run in results[mode]]
            pooled = [v for run in runs for v in run]
            p50s = ", ".join(ms(statistics.median(run)) for run in runs)
            p99s = ", ".join(ms(percentile(run, 0.99)) for run in runs)
            print(
                f"  {MODES[mode]:<36} {protocol:<6} {len(pooled):>4} turns: p50 {ms(statistics.median(pooled)):>9}, "
                f"p99 {ms(percentile(pooled, 0.99)):>9}, max {ms(max(pooled)):>9}; per round p50 {p50s}; p99 {p99s}"
            )
            p50, p99 = TARGETS[mode]
            if statistics.median(pooled) >= p50 or (p99 is not None and percentile(pooled, 0.99) >= p99):
                missed.append(f"{mode}/{protocol}")
    targets = "; ".join(
        f"{MODES[m]}: p50 < {ms(p50)}" + (f", p99 < {ms(p99)}" if p99 else "") for m, (p50, p99) in TARGETS.items()
    )
    print(f"  targets {targets}: {'missed by ' + ', '.join(missed) if missed else 'met'}")
    return 1 if missed else 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.turns", description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=100, help="turns per protocol per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--modes", help=f"comma-separated, of {', '.join(MODES)} (default: those whose services are set)"
    )
    parser.add_argument("--child", choices=sorted(MODES), help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(run_mode(args.child, args.turns, args.seed)))
        return 0
    modes = args.modes.split(",") if args.modes else available_modes()
    unknown = set(modes) - set(MODES)
    if unknown:
        parser.error(f"unknown mode(s): {', '.join(sorted(unknown))}")
    results = {mode: [] for mode in modes}
    for r in range(args.rounds):
        for mode in modes:
            cmd = [sys.executable, "-m", "bench.turns", "--child", mode, "--turns", str(args.turns)]
            cmd += ["--seed", str(r + 1)]
            done = subprocess.run(cmd, env=mode_env(mode), stdout=subprocess.PIPE, text=True)
            if done.returncode != 0:
                raise SystemExit(f"the {mode} run failed (exit {done.returncode})")
            results[mode].append(json.loads(done.stdout.strip().splitlines()[-1]))
    return report(results, args.rounds, args.turns)


if __name__ == "__main__":
    sys.exit(main())
