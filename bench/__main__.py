"""``python -m bench``: deals per second of King and Rifki against OpenSpiel hearts games per second.

Every engine is driven the same way from Python: ask for the legal actions, pick one uniformly
at random, apply it, until the game is over. Rounds are interleaved (King, Rifki, hearts,
King, ...) so a noisy machine slows every peer alike; the figures are medians over rounds.

OpenSpiel deals its cards through chance nodes. It is measured two ways: sampling chance
nodes from ``chance_outcomes()`` (OpenSpiel's documented way to play a chance node) and
picking from ``legal_actions()`` at chance nodes too (the literal reading, and faster for
OpenSpiel, since it avoids building the outcome list). Both figures and both ratios print.
"""
import argparse
import random
import statistics
import sys
import time

from games.engine import COMPILED, new_game, replay


def engine_round(ruleset, games, first_seed):
    """Play ``games`` whole games; returns (deals per second, finished states, seconds)."""
    rng = random.Random(first_seed)
    deals = 0
    states = []
    start = time.perf_counter()
    for i in range(games):
        state = new_game(ruleset, seed=first_seed + i)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        deals += len(state.deal_scores)
        states.append(state)
    seconds = time.perf_counter() - start
    return deals / seconds, states, seconds


def replay_round(states):
    start = time.perf_counter()
    for state in states:
        replay(state.events)
    return time.perf_counter() - start


def verify_round(states):
    start = time.perf_counter()
    for state in states:
        replay(state.events, seed=state.seed, verify=True)
    return time.perf_counter() - start


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
    parser.add_argument("--king-games", type=int, default=40, help="King games per round (10 deals each)")
    parser.add_argument("--rifki-games", type=int, default=20, help="Rifki games per round (20 deals each)")
    parser.add_argument("--hearts-games", type=int, default=400, help="OpenSpiel hearts games per round")
    args = parser.parse_args(argv)
    try:
        import pyspiel
    except ImportError:
        print("open-spiel is not installed: run `make bench`, which installs requirements-bench.txt", file=sys.stderr)
        return 2
    hearts = pyspiel.load_game("hearts")
    figures = {k: [] for k in ("king", "rifki", "hearts_chance", "hearts_legal")}
    replay_speedup = {"king": [], "rifki": []}
    verify_speedup = {"king": [], "rifki": []}
    for r in range(args.rounds):
        for ruleset, games in (("king", args.king_games), ("rifki", args.rifki_games)):
            per_second, states, seconds = engine_round(ruleset, games, 1000 * r)
            figures[ruleset].append(per_second)
            replay_speedup[ruleset].append(seconds / replay_round(states))
            verify_speedup[ruleset].append(seconds / verify_round(states))
        figures["hearts_chance"].append(hearts_round(hearts, args.hearts_games, r, chance_outcomes=True))
        figures["hearts_legal"].append(hearts_round(hearts, args.hearts_games, r, chance_outcomes=False))
    med = {k: statistics.median(v) for k, v in figures.items()}
    engine = "compiled with mypyc" if COMPILED else "Python sources (KINGRIFKI_ENGINE=python or not built)"
    print(f"python {sys.version.split()[0]}, open-spiel {getattr(pyspiel, '__version__', '?')}, engine {engine}, "
          f"{args.rounds} interleaved rounds, medians (min-max)")
    units = {"king": "King deals/s", "rifki": "Rifki deals/s", "hearts_chance": "hearts games/s (chance_outcomes)",
             "hearts_legal": "hearts games/s (legal_actions at chance nodes)"}
    for key, label in units.items():
        v = figures[key]
        print(f"  {label:<48} {med[key]:>8.0f}   ({min(v):.0f}-{max(v):.0f})")
    for peer in ("hearts_chance", "hearts_legal"):
        print(f"  ratio vs {units[peer]:<40} King {med['king'] / med[peer]:.2f}   Rifki {med['rifki'] / med[peer]:.2f}")
    for ruleset in ("king", "rifki"):
        print(f"  {ruleset.capitalize()} replay(events) vs playing the game: "
              f"{statistics.median(replay_speedup[ruleset]):.1f}x faster; "
              f"replay(verify=True): {statistics.median(verify_speedup[ruleset]):.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
