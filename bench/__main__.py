"""``python -m bench``: deals per second of every ruleset of the engine against OpenSpiel hearts games per second.

Every engine is driven the same way from Python, through the public API: ask for the legal
actions, pick one uniformly at random, apply it, until the game is over. Every ruleset of
``games.engine.RULESETS`` is measured, at its default table size (Kings in the Corner: 4
players), on about ``--deals`` deals (hands) a round, and printed beside the first ruleset's
figure (King's) of the same run. Rounds are interleaved (each ruleset, hearts, then again) so
a noisy machine slows every peer alike; the figures are medians over rounds. ``replay(events)``
must rebuild a trick game at least 10x faster than playing it (issue 21), and a game without
tricks at least 5x (issue 16): the ratio prints for every ruleset, flagged when it falls short.

OpenSpiel deals its cards through chance nodes. It is measured two ways: sampling chance
nodes from ``chance_outcomes()`` (OpenSpiel's documented way to play a chance node) and
picking from ``legal_actions()`` at chance nodes too (the literal reading, and faster for
OpenSpiel, since it avoids building the outcome list). Both figures and both ratios print.

Every timed loop (each ruleset's play, its replays, both hearts loops) runs with Python's
cyclic garbage collector disabled, exactly as ``timeit`` times its statements, and the
collector is re-enabled and run between loops. The engine's loop keeps its finished games for
the replay measurement, and without this a collection over them would be charged to whichever
peer happened to trigger it, not to the code being measured.
"""

import argparse
import gc
import random
import statistics
import sys
import time

from games.engine import COMPILED, RULESETS, new_game, replay

# replay(events) must be this many times faster than playing the game: trick games, the others
REPLAY_AT_LEAST = {True: 10, False: 5}


def gc_free(measure):
    """``measure`` wrapped to run with the cyclic GC disabled, then collected (as ``timeit`` does)."""

    def run(*args, **kwargs):
        enabled = gc.isenabled()
        gc.collect()
        gc.disable()
        try:
            return measure(*args, **kwargs)
        finally:
            if enabled:
                gc.enable()
            gc.collect()

    return run


@gc_free
def engine_round(ruleset, games, first_seed, min_deals=None):
    """Play ``games`` whole games (or, with ``min_deals``, as many as it takes to play that many
    deals) at the ruleset's default table size; returns (deals per second, finished states, seconds)."""
    rng = random.Random(first_seed)
    deals = 0
    states = []
    start = time.perf_counter()
    i = 0
    while (i < games) if min_deals is None else (deals < min_deals):
        state = new_game(ruleset, seed=first_seed + i)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        deals += len(state.deal_scores)
        states.append(state)
        i += 1
    seconds = time.perf_counter() - start
    return deals / seconds, states, seconds


@gc_free
def replay_round(states):
    start = time.perf_counter()
    for state in states:
        replay(state.events)
    return time.perf_counter() - start


@gc_free
def verify_round(states):
    start = time.perf_counter()
    for state in states:
        replay(state.events, seed=state.seed, verify=True)
    return time.perf_counter() - start


@gc_free
def hearts_round(game, games, seed, chance_outcomes):
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if chance_outcomes and state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return games / (time.perf_counter() - start)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument(
        "--deals",
        type=int,
        default=400,
        help="deals (hands) per ruleset per round, in whole games (King: 40 games, Rifki: 20)",
    )
    parser.add_argument("--hearts-games", type=int, default=400, help="OpenSpiel hearts games per round")
    parser.add_argument("--no-hearts", action="store_true", help="measure the engine alone, without OpenSpiel")
    args = parser.parse_args(argv)
    hearts = None
    if not args.no_hearts:
        try:
            import pyspiel
        except ImportError:
            print(
                "open-spiel is not installed: run `make bench`, which installs requirements-bench.txt "
                "(or pass --no-hearts)",
                file=sys.stderr,
            )
            return 2
        hearts = pyspiel.load_game("hearts")
    rulesets = list(RULESETS)
    peers = ("hearts_chance", "hearts_legal") if hearts is not None else ()
    figures = {k: [] for k in (*rulesets, *peers)}
    replay_speedup = {r: [] for r in rulesets}
    verify_speedup = {r: [] for r in rulesets}
    for r in range(args.rounds):
        for ruleset in rulesets:
            per_second, states, seconds = engine_round(ruleset, 0, 1000 * r, min_deals=args.deals)
            figures[ruleset].append(per_second)
            replay_speedup[ruleset].append(seconds / replay_round(states))
            verify_speedup[ruleset].append(seconds / verify_round(states))
        if hearts is not None:
            figures["hearts_chance"].append(hearts_round(hearts, args.hearts_games, r, chance_outcomes=True))
            figures["hearts_legal"].append(hearts_round(hearts, args.hearts_games, r, chance_outcomes=False))
    med = {k: statistics.median(v) for k, v in figures.items()}
    engine = "compiled with mypyc" if COMPILED else "Python sources (KINGRIFKI_ENGINE=python or not built)"
    spiel = "no open-spiel"
    if hearts is not None:
        spiel = f"open-spiel {getattr(sys.modules['pyspiel'], '__version__', '?')}"
    print(
        f"python {sys.version.split()[0]}, {spiel}, engine {engine}, "
        f"{args.rounds} interleaved rounds, medians (min-max)"
    )
    first = rulesets[0]
    units = {r: f"{RULESETS[r].label} ({r}, {RULESETS[r].default_seats} players) deals/s" for r in rulesets}
    units.update(
        {
            "hearts_chance": "hearts games/s (chance_outcomes)",
            "hearts_legal": "hearts games/s (legal_actions at chance nodes)",
        }
    )
    width = max(len(u) for u in units.values())
    for key in figures:
        v = figures[key]
        spread = f"({min(v):.0f}-{max(v):.0f})"
        beside = f"   {med[key] / med[first]:.2f}x {first}" if key in RULESETS and key != first else ""
        print(f"  {units[key]:<{width}} {med[key]:>8.0f}   {spread:<13}{beside}")
    for peer in peers:
        ratios = "   ".join(f"{r} {med[r] / med[peer]:.2f}" for r in rulesets)
        print(f"  ratio vs {units[peer]:<{width - 9}} {ratios}")
    for ruleset in rulesets:
        speedup = statistics.median(replay_speedup[ruleset])
        required = REPLAY_AT_LEAST[RULESETS[ruleset].trick_taking]
        note = "" if speedup >= required else f"   BELOW the {required}x required"
        print(
            f"  {ruleset} replay(events) vs playing the game: {speedup:.1f}x faster; "
            f"replay(verify=True): {statistics.median(verify_speedup[ruleset]):.1f}x{note}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
