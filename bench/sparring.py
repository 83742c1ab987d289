"""``python -m bench.sparring``: one owner's sparring at the live-games cap, beside one game at a time.

A bot author as docs/bots.md has them start (issue 33, "sparring throughput of one owner at the
live-games cap"): an owner signs up through the API, registers a polling bot, asks its cap
(``GET limits/``) and starts sparring matches of the bot against the house bots
(``POST bots/{id}/sparring/``, the engine's first ruleset, the house bots of the API's default
strength), keeping as many live as the cap allows (``LIVE_GAMES_PER_OWNER``): a new one is
started as soon as one ends, for ``--seconds``. The bot plays through the real protocol, as
bench.turns's client does: one client, holding its stream open (or long-polling,
``--protocol poll``) and answering each turn at once with a random legal action, each answer on
a thread of its own, so that one table's answer waits for no other's (``Answers``).

Beside it, in the same run and with the same owner, bot, site and worker: the same bot with one
game at a time, so the cap's figure says how well its games in parallel scale (the cap's games a
minute over one game's; the cap itself would be the ideal). A first game, played to its end,
warms the site and the worker up; the two phases then alternate their order round by round, and
the games the first leaves live are played to their end (not timed) before the second starts
from none. Per phase:

- games a minute: the events the phase's matches stored within the window over a whole game's
  events (the mean of the run's finished games), so a game half played in the window counts a
  half; a count of the games that ended in it would move by whole games, several at once where
  they started together;
- turns answered a second: the bot's turns its client held within the window;
- turn delivery: for each of those turns that came after a house bot's move, seconds from that
  move's ``recorded_at`` (set just before its commit, in the worker) to the client holding the
  parsed turn (bench.turns's measure), p50 a round, and p99 over the rounds.

Each figure is the median of the rounds with its spread (min-max). Modes, each a fresh process
with its own settings and a worker as `make run` starts it (one task at a time: the house bots
of every game share it), alternated round by round, as bench.turns runs them: ``redis``
(PostgreSQL and Redis, the site under gunicorn) and ``embedded-sqlite`` (`make run`'s own). The
rate limits of polls, actions and games are lifted (the owner's caps are not): a bot answering
at once at several tables may answer more than 30 turns a second, and the games' limit (20 a
minute) would pace the starts rather than the platform. No target: the figures are in
docs/benchmarks.md, "One owner's sparring at the live-games cap".
"""

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import types
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from pathlib import Path

from bench import turns
from bench.bots import DEFAULT_RULESET, setup_django, start_worker
from bench.http import free_port
from bench.latency import commit_of, make_run_worker_argv, mode_env, percentile
from games.engine import RULESETS

PHASES = ("cap", "one")
GIVE_UP_SECONDS = 600.0  # a phase whose games have not all ended by then (its window past): the run failed
LOOK_SECONDS = 0.02  # how often the owner looks for ended games to replace


class Owner:
    """The bot's owner, through the API alone: signs up, registers a polling bot, starts sparring."""

    def __init__(self, base_url, ruleset):
        import httpx

        self.ruleset = ruleset
        self.name = name = f"bench-sparring-{uuid.uuid4().hex[:8]}"
        anonymous = httpx.Client(base_url=base_url, timeout=30.0)
        signed_up = anonymous.post("/api/v1/auth/signup/", json={"username": name, "password": uuid.uuid4().hex})
        signed_up.raise_for_status()
        self.http = httpx.Client(
            base_url=base_url, headers={"Authorization": f"Token {signed_up.json()['token']}"}, timeout=30.0
        )
        registered = self.http.post("/api/v1/bots/", json={"name": f"{name}-bot", "kind": "polling"})
        registered.raise_for_status()
        self.bot_id, self.bot_token = registered.json()["id"], registered.json()["token"]
        self.cap = self.http.get("/api/v1/limits/").json()["live_games"]["limit"]

    def spar(self):
        """A new sparring match of the bot, its id; None when the cap is full (429)."""
        started = self.http.post(f"/api/v1/bots/{self.bot_id}/sparring/", json={"ruleset": self.ruleset})
        if started.status_code == 429:
            return None
        started.raise_for_status()
        return started.json()["id"]


class Answers:
    """A bot client's ``http`` (bench.turns.BotClient), whose answers go out at once, each on a
    thread of its own (``threads`` at most): a client playing several tables answers one while
    another's answer is on its way, so the figures are the platform's, not one thread's. An answer
    sent on a kept-alive connection the site closed at that moment (httpx sends no POST again) is
    sent again; ``retried`` counts them, ``failed`` holds an answer that failed twice."""

    def __init__(self, http, threads):
        self.http, self.pool = http, ThreadPoolExecutor(threads)
        self.retried, self.failed = 0, None

    def post(self, *args, **kwargs):
        self.pool.submit(self.send, args, kwargs)

    def send(self, args, kwargs):
        import httpx

        try:
            try:
                return self.http.post(*args, **kwargs)
            except httpx.TransportError:
                self.retried += 1
                return self.http.post(*args, **kwargs)
        except Exception as e:  # the run fails where run_phase looks, not in a thread nobody reads
            self.failed = e

    def __getattr__(self, name):
        return getattr(self.http, name)


def keep_playing(client):
    """The client's loop, its stream (or long poll) opened again when the site drops it."""
    import httpx

    while not client.stop.is_set():
        try:
            client.run()
        except httpx.TransportError:
            client.http.retried += 1


def ended(live):
    """The matches of ``live`` that are over."""
    from games.models import Match

    return set(Match.objects.filter(pk__in=list(live), status=Match.Status.OVER).values_list("pk", flat=True))


def warm_up(owner):
    """One sparring match, played to its end; its id."""
    match, given_up = owner.spar(), time.monotonic() + GIVE_UP_SECONDS
    while not ended({match}):
        if time.monotonic() > given_up:
            raise SystemExit(f"the warm-up match {match} did not end in {GIVE_UP_SECONDS} s")
        time.sleep(0.1)
    return match


def run_phase(owner, client, at_once, seconds, drain):
    """Keep ``at_once`` sparring matches live for ``seconds`` (a new one as each ends), then, with
    ``drain``, play the last ones out (not timed); the phase's window, matches and turns."""
    live, matches = set(), []
    start = time.time()
    until, given_up = start + seconds, time.monotonic() + seconds + GIVE_UP_SECONDS
    while time.time() < until or (drain and live):
        while time.time() < until and len(live) < at_once:
            match = owner.spar()
            if match is None:
                break  # the site still counts as live a game this loop saw end: look again
            live.add(match)
            matches.append(match)
        live -= ended(live)
        if client.http.failed is not None:
            raise SystemExit(f"the bot's answer failed: {client.http.failed!r}")
        if time.monotonic() > given_up:
            raise SystemExit(f"matches {sorted(live)} still live {GIVE_UP_SECONDS} s after the window")
        time.sleep(LOOK_SECONDS)
    window = [turn for turn in client.received if start <= turn[2] <= until]
    return {
        "at_once": at_once,
        "seconds": seconds,
        "start": start,
        "until": until,
        "matches": matches,
        "turns": len(window),
        "latencies": turns.latencies(types.SimpleNamespace(received=window), types.SimpleNamespace(pk=owner.bot_id)),
    }


def games_played(phase, events_a_game):
    """The games a phase played within its window, in whole games: the events its matches stored
    then over a whole game's, so a game half played in the window counts a half (a count of the
    games that ended in it would move by whole games, several at once where they started together)."""
    from games.models import Event, Match

    moments = [datetime.fromtimestamp(phase[key], tz=timezone.utc) for key in ("start", "until")]
    streams = [Match(pk=pk).stream for pk in phase["matches"]]
    stored = Event.objects.filter(stream__in=streams, recorded_at__range=moments).count()
    return stored / events_a_game


def whole_games(owner, client):
    """The owner's finished matches: a game's mean events, and the bot's mean turns in one."""
    from games.models import Match

    over = dict(
        Match.objects.filter(created_by__username=owner.name, status=Match.Status.OVER).values_list("pk", "version")
    )
    mine = [sum(1 for m, _v, _t in client.received if m == match) for match in over]
    return statistics.mean(over.values()), statistics.mean(mine)


def run_mode(mode, seconds, seed, protocol):
    """In this process (its settings are the mode's): the worker, the site, a warm-up game, both phases."""
    workdir = Path(tempfile.mkdtemp(prefix="kingrifki-sparring-"))
    setup_django(workdir)
    from django.conf import settings
    from django.db import connection

    worker = start_worker(workdir / "worker.log", make_run_worker_argv())
    port = free_port()
    site = turns.start_site(mode, port, workdir / "site.log", unlimited=("polls", "actions", "games"))
    result = {"mode": mode, "commit": commit_of(Path(settings.BASE_DIR)), "phases": {}}
    client = None
    try:
        owner = Owner(f"http://127.0.0.1:{port}", DEFAULT_RULESET)
        client = turns.BotClient(f"http://127.0.0.1:{port}", owner.bot_token, protocol, random.Random(seed))
        client.http = Answers(client.http, owner.cap)
        threading.Thread(target=keep_playing, args=(client,), daemon=True).start()
        warm_up(owner)  # the site and the worker boot Django, fill their caches
        result["cap"] = owner.cap
        order = PHASES if seed % 2 else tuple(reversed(PHASES))
        for phase in order:  # the last need not end its games: nothing is measured after it
            at_once = owner.cap if phase == "cap" else 1
            result["phases"][phase] = run_phase(owner, client, at_once, seconds, drain=phase != order[-1])
        events_a_game, result["turns_a_game"] = whole_games(owner, client)
        result["retried"] = client.http.retried
        for phase in result["phases"].values():
            phase["games"] = games_played(phase, events_a_game)
    finally:
        if client is not None:
            client.stop.set()
        turns.stop(site, worker)
    connection.close()
    shutil.rmtree(workdir, ignore_errors=True)
    return result


def ms(seconds):
    return f"{1000 * seconds:.1f} ms"


def spread(values, fmt):
    return f"{fmt(statistics.median(values))} ({fmt(min(values))}-{fmt(max(values))})"


def per_round(results, mode, phase):
    """Per round: games a minute, turns a second, turn delivery p50; and every latency pooled."""
    runs = [run["phases"][phase] for run in results[mode]]
    games = [60 * run["games"] / run["seconds"] for run in runs]
    answered = [run["turns"] / run["seconds"] for run in runs]
    p50s = [statistics.median(run["latencies"]) for run in runs]
    pooled = [v for run in runs for v in run["latencies"]]
    return games, answered, p50s, pooled


def one_decimal(value):
    return f"{value:.1f}"


def report(results, rounds, seconds, protocol):
    modes = list(results)
    first = results[modes[0]][0]
    turns_a_game = statistics.mean(run["turns_a_game"] for mode in modes for run in results[mode])
    retried = sum(run["retried"] for mode in modes for run in results[mode])
    print(
        f"one owner's sparring: a polling bot ({protocol}, answering each turn at once on a thread of its own, "
        f"{turns_a_game:.0f} turns a game; {retried} answers or streams sent again after the site closed "
        "their connection) "
        f"against the house bots ({RULESETS[DEFAULT_RULESET].label}, the API's default strength), at the "
        f"live-games cap ({first['cap']} at once) and one game at a time; commit {first['commit']}, {rounds} "
        f"round(s) of {seconds:g} s a phase, the modes and the phases alternating; worker as `make run` starts "
        "it; medians of the rounds (min-max)"
    )
    for mode in modes:
        figures = {phase: per_round(results, mode, phase) for phase in PHASES}
        for phase in PHASES:
            games, answered, p50s, pooled = figures[phase]
            label = f"{results[mode][0]['cap']} at once" if phase == "cap" else "one at a time"
            print(
                f"  {turns.MODES[mode]:<36} {label:<13} {spread(games, one_decimal)} games/min, "
                f"{spread(answered, one_decimal)} turns/s, turn delivery p50 {spread(p50s, ms)}, "
                f"p99 {ms(percentile(pooled, 0.99))} ({len(pooled)} turns)"
            )
        (cap_games, cap_turns, *_), (one_games, one_turns, *_) = figures["cap"], figures["one"]
        print(
            f"  {'':<36} {'cap / one':<13} {statistics.median(cap_games) / statistics.median(one_games):.2f}x "
            f"games/min, {statistics.median(cap_turns) / statistics.median(one_turns):.2f}x turns/s "
            f"(ideal: {results[mode][0]['cap']}x)"
        )
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.sparring", description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="each phase's window, per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--protocol", choices=turns.PROTOCOLS, default="stream", help="how the bot takes its turns")
    parser.add_argument(
        "--modes", help=f"comma-separated, of {', '.join(turns.MODES)} (default: those whose services are set)"
    )
    parser.add_argument("--child", choices=sorted(turns.MODES), help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(run_mode(args.child, args.seconds, args.seed, args.protocol)))
        return 0
    modes = args.modes.split(",") if args.modes else turns.available_modes()
    unknown = set(modes) - set(turns.MODES)
    if unknown:
        parser.error(f"unknown mode(s): {', '.join(sorted(unknown))}")
    results = {mode: [] for mode in modes}
    for r in range(args.rounds):
        for mode in modes if r % 2 == 0 else reversed(modes):
            cmd = [sys.executable, "-m", "bench.sparring", "--child", mode, "--seconds", str(args.seconds)]
            cmd += ["--seed", str(r + 1), "--protocol", args.protocol]
            done = subprocess.run(cmd, env=mode_env(mode), stdout=subprocess.PIPE, text=True)
            if done.returncode != 0:
                raise SystemExit(f"the {mode} run failed (exit {done.returncode})")
            results[mode].append(json.loads(done.stdout.strip().splitlines()[-1]))
    return report(results, args.rounds, args.seconds, args.protocol)


if __name__ == "__main__":
    sys.exit(main())
