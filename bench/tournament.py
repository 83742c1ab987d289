"""``python -m bench.tournament``: a 64-bot Swiss event end to end through real workers.

The game is ``--ruleset``, by default the engine's first (King), as the figures of docs/benchmarks.md, at
tables of ``--players`` where the ruleset plays several sizes (its ``players`` option; by
default the ruleset's own). ``make bench`` also runs a 36-bot Kings in the Corner event at
tables of four (``--ruleset corners --entrants 36 --players 4``).

1. 64 built-in ``random`` bots, Swiss, 3 rounds of full games (48 King matches), on
   autopilot: from round 1's draw to the tournament_ended event, with ``--workers`` real
   Celery workers (default 2, one per core here). Target: <= 10 s on the 2-core machine
   with PostgreSQL and Redis.
   The peer, measured in the same run: the same number of King games played by the bare
   engine in this process (no database, no broker), which no platform run can beat.
2. The standings rebuild of that event from its stream: events per second folded and
   stored, median of repeated rebuilds, beside the pure fold of the same events (no database).

Database and broker as for bench.bots: DATABASE_URL and REDIS_URL when set, else SQLite and
the filesystem broker under a temporary folder (slower, and SQLite serialises the workers).
"""

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from bench.bots import DEFAULT_RULESET, make_bot_factory, setup_django, start_worker
from games.engine import RULESETS


def bare_engine_seconds(ruleset, games, options=None, seed=1):
    """Seconds to play ``games`` games of ``ruleset`` with uniformly random legal actions, in process."""
    from games.engine import new_game

    rng = random.Random(seed)
    started = time.perf_counter()
    for i in range(games):
        state = new_game(ruleset, seed=seed + i, options=options)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
    return time.perf_counter() - started


def run_event(ruleset, entrants, round_count, timeout, options=None):
    """Create, register, start and wait for the autopilot Swiss event; (seconds, tournament)."""
    from games.models import Event
    from tournaments.models import Tournament
    from tournaments.service import creation, entries, rounds

    make = make_bot_factory()
    organiser = make("builtin").owner
    tournament = creation.do_create_tournament(
        organiser,
        f"bench: {entrants} random bots",
        ruleset,
        options or {},
        "swiss",
        round_count,
        rated=False,
        autopilot=True,
    )
    for _ in range(entrants):
        entries.do_register(tournament.pk, organiser, bot=make("builtin", "random"))
    started = time.time()
    rounds.do_start_round(tournament.pk, organiser)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        time.sleep(0.25)
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            ended = Event.objects.get(stream=tournament.stream, version=tournament.version).recorded_at
            return ended.timestamp() - started, tournament
    raise SystemExit(f"the event did not finish in {timeout} s (round {tournament.current_round}); see the worker logs")


def rebuild_rates(tournament, repeats):
    """(events/s of rebuild_standings, events/s of the pure fold) over the event's stream."""
    from games.record import eventlog
    from tournaments import projection
    from tournaments import standings as folds

    rows = eventlog.stream_events(tournament.stream)
    events = [eventlog.as_engine_event(r) for r in rows]
    stored, pure = [], []
    for _ in range(repeats):
        started = time.perf_counter()
        projection.rebuild_standings(tournament.pk)
        stored.append(len(rows) / (time.perf_counter() - started))
        started = time.perf_counter()
        folds.ranking(folds.rebuild(events))
        pure.append(len(rows) / (time.perf_counter() - started))
    return len(rows), statistics.median(stored), statistics.median(pure)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.tournament", description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--ruleset", choices=sorted(RULESETS), default=DEFAULT_RULESET)
    parser.add_argument("--players", type=int, help="the table size, where the ruleset plays several")
    args = parser.parse_args(argv)
    ruleset = RULESETS[args.ruleset]
    label = ruleset.label
    options = {} if args.players is None else {"players": args.players}
    try:
        table = ruleset.num_seats(options)
    except ValueError as e:
        parser.error(str(e))
    if "players" in options and "players" not in ruleset.flags:
        parser.error(f"{args.ruleset} is played at tables of {table} only")
    workdir = Path(tempfile.mkdtemp(prefix="kingrifki-bench-"))
    setup_django(workdir)
    from django.db import connection

    from games.engine import COMPILED
    from games.models import Event, Match

    workers = [start_worker(workdir / f"worker{i}.log") for i in range(args.workers)]
    try:
        seconds, tournament = run_event(args.ruleset, args.entrants, args.rounds, args.timeout, options)
    finally:
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.wait(timeout=60)
    matches = Match.objects.filter(tournament_table__tournament=tournament)
    games = matches.count()
    events = Event.objects.filter(stream__in=[m.stream for m in matches]).count()
    bare = bare_engine_seconds(args.ruleset, games, options)
    stream_events, stored_rate, pure_rate = rebuild_rates(tournament, repeats=9)
    broker = "redis" if os.environ.get("REDIS_URL") else "filesystem broker"
    print(
        f"tournament through real workers: {connection.vendor}, {broker}, {args.workers} worker(s), engine "
        f"{'compiled' if COMPILED else 'Python'}"
    )
    print(
        f"  {args.entrants} random bots at tables of {table}, Swiss, {args.rounds} rounds of full {label} games "
        f"({games} matches, "
        f"{events} match events): {seconds:.1f} s (target <= 10 s), {events / seconds:.0f} events/s"
    )
    print(
        f"  peer, the bare engine playing {games} {label} games in this process: {bare:.2f} s "
        f"(the platform takes {seconds / bare:.0f}x that)"
    )
    print(
        f"  standings rebuild over the tournament stream ({stream_events} events), median of 9: "
        f"{stored_rate:.0f} events/s folded and stored; pure fold {pure_rate:.0f} events/s"
    )


if __name__ == "__main__":
    main()
