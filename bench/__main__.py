"""``python -m bench``: deals per second of every ruleset of the engine against OpenSpiel's hearts, by one loop.

The loop (issue 36), the same on both sides and driven from Python through each side's public
API: at every node ask for ``state.legal_actions()``, pick one with ``random.choice`` (a seeded
``random.Random``), apply it (``state.apply``; OpenSpiel's ``state.apply_action``), until the game
is over. OpenSpiel deals its cards through chance nodes, and they are played by the same loop:
``legal_actions()`` there too, never ``chance_outcomes()``, so both sides pay for the same calls.

The figure is **deals per second**: each side plays whole games (the engine's: King's 10 deals,
Rifki's 20, Kings in the Corner's hands) and the time is divided by the deals they held; an
OpenSpiel hearts game is one deal. The target is King and Rifki at 2x hearts (aim: 3x).

Each round times the peers alternately: it is cut into ``--slices`` slices, and every slice
plays each peer in turn, the order reversed from one slice to the next, so a machine whose load
changes during a round slows every peer alike. A round's figure for a peer is its deals over its
seconds summed over the slices; the ratio of a round is the engine's figure over hearts' of the
same round. Every round's ratio prints, then the median, the minimum and the maximum, and a
PASS or MISS line for the run against 2x (the median; whether every round passed prints too).

``replay(events)`` must rebuild a game at least 10x faster than playing it, in every ruleset
(issues 21 and 36): each slice's played games are replayed right after they are played, and the
ratio is their play time over their replay time, with its own PASS or MISS line per ruleset.
``replay(verify=True)`` (every decision re-applied through the rules) prints beside it, measured
on each round's first slice, with no target.

Times are this process's CPU seconds (``time.process_time``), not wall time, so that other
processes on a shared machine are not charged to whichever peer they interrupted. Every timed
loop runs with Python's cyclic garbage collector disabled, exactly as ``timeit``
times its statements, and the collector is re-enabled and run between loops: the engine's
slices keep their games for the replay measurement, and a collection over them would be charged
to whichever peer happened to trigger it, not to the code being measured.

The command exits 0 whatever the figures (``make bench`` goes on to its next benchmark); the
PASS and MISS lines say whether the targets are met.
"""

import argparse
import gc
import random
import statistics
import sys
import time

from games.engine import COMPILED, RULESETS, new_game, replay

# Seconds of CPU this process used: the machine is shared, and a peer descheduled while another
# process runs would otherwise be charged the other's time (both peers run in this one thread).
clock = time.process_time

HEARTS_AT_LEAST = 2.0  # the engine's deals per second over hearts', for the trick games (issue 36)
HEARTS_AIM = 3.0
REPLAY_AT_LEAST = 10.0  # play time over replay(events) time, every ruleset (issues 21 and 36)


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
    deals) at the ruleset's default table size by the loop of the module's docstring; returns
    (deals per second, finished states, seconds)."""
    rng = random.Random(first_seed)
    deals = 0
    states = []
    start = clock()
    i = 0
    while (i < games) if min_deals is None else (deals < min_deals):
        state = new_game(ruleset, seed=first_seed + i)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        deals += len(state.deal_scores)
        states.append(state)
        i += 1
    seconds = clock() - start
    return deals / seconds, states, seconds


@gc_free
def hearts_round(game, games, seed):
    """Play ``games`` OpenSpiel games by the same loop (legal_actions at chance nodes too);
    returns the seconds they took."""
    rng = random.Random(seed)
    start = clock()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    return clock() - start


@gc_free
def replay_round(states):
    start = clock()
    for state in states:
        replay(state.events)
    return clock() - start


@gc_free
def verify_round(states):
    start = clock()
    for state in states:
        replay(state.events, seed=state.seed, verify=True)
    return clock() - start


class Tally:
    """Work and seconds of one peer in one round, summed over its slices."""

    def __init__(self):
        self.deals = 0
        self.seconds = 0.0
        self.replay_seconds = 0.0
        self.played_for_replay = 0.0  # the play seconds of the games that were replayed
        self.verify = None  # play seconds over verify seconds, on the round's first slice

    @property
    def per_second(self):
        return ratio(self.deals, self.seconds)

    @property
    def replay_speedup(self):
        return ratio(self.played_for_replay, self.replay_seconds)


def measure_round(r, rulesets, hearts, args):
    """One round: ``args.slices`` slices, each playing every peer once, in alternating order."""
    tallies = {name: Tally() for name in rulesets}
    if hearts is not None:
        tallies["hearts"] = Tally()
    peers = list(tallies)
    for k in range(args.slices):
        seed = 1_000_000 * r + 10_000 * k  # fresh games in every slice and round
        for peer in peers if k % 2 == 0 else reversed(peers):
            t = tallies[peer]
            if peer == "hearts":
                t.seconds += hearts_round(hearts, args.hearts_games, seed)
                t.deals += args.hearts_games
                continue
            _, states, seconds = engine_round(peer, 0, seed, min_deals=args.deals)
            t.seconds += seconds
            t.deals += sum(len(s.deal_scores) for s in states)
            t.played_for_replay += seconds
            t.replay_seconds += replay_round(states)
            if k == 0:
                verified = verify_round(states)
                t.verify = ratio(seconds, verified)
    return tallies


def ratio(a, b):
    return a / b if b else 0.0


def spread(values, unit="x", digits=2):
    """``median (min min, max max)`` of a peer's per-round figures."""
    med, lo, hi = statistics.median(values), min(values), max(values)
    return f"median {med:.{digits}f}{unit} (min {lo:.{digits}f}{unit}, max {hi:.{digits}f}{unit})"


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--slices", type=int, default=8, help="alternations of the peers in a round")
    parser.add_argument(
        "--deals",
        type=int,
        default=200,
        help="deals (hands) per ruleset per slice, in whole games (King: 20 games, Rifki: 10)",
    )
    parser.add_argument("--hearts-games", type=int, default=200, help="OpenSpiel hearts games per slice")
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
    rounds = [measure_round(r, rulesets, hearts, args) for r in range(args.rounds)]

    engine = "compiled with mypyc" if COMPILED else "Python sources (KINGRIFKI_ENGINE=python or not built)"
    spiel = "no open-spiel"
    if hearts is not None:
        spiel = f"open-spiel {getattr(sys.modules['pyspiel'], '__version__', '?')}"
    print(
        f"python {sys.version.split()[0]}, {spiel}, engine {engine}; {args.rounds} rounds of {args.slices} "
        "alternating slices; cyclic GC off while timing"
    )
    print(
        "loop on both sides: legal_actions() at every node (hearts' chance nodes too), random.choice, "
        "apply / apply_action"
    )
    print("figures: deals per second (whole games played, over the deals they held; a hearts game is one deal)")
    first = rulesets[0]
    for name in rulesets:
        game = RULESETS[name]
        figures = "  ".join(f"{t[name].per_second:.0f}" for t in rounds)
        beside = ""
        if name != first:
            beside = f"; {first} x {spread([ratio(t[name].per_second, t[first].per_second) for t in rounds])}"
        print(f"  {game.label} ({name}, {game.default_seats} players): {figures} deals/s{beside}")
    if hearts is not None:
        figures = [t["hearts"].per_second for t in rounds]
        print(f"  OpenSpiel hearts: {'  '.join(f'{f:.0f}' for f in figures)} deals/s")
        for name in rulesets:
            ratios = [ratio(t[name].per_second, t["hearts"].per_second) for t in rounds]
            per_round = " ".join(f"{x:.2f}" for x in ratios)
            line = f"  {name} vs hearts, per round: {per_round}; {spread(ratios)}"
            if RULESETS[name].trick_taking:
                med = statistics.median(ratios)
                verdict = "PASS" if med >= HEARTS_AT_LEAST else "MISS"
                every = "every round" if min(ratios) >= HEARTS_AT_LEAST else "not every round"
                aim = f"; aim {HEARTS_AIM:g}x {'met' if med >= HEARTS_AIM else 'not met'}"
                line += f"   {verdict} >= {HEARTS_AT_LEAST:g}x ({every}{aim})"
            print(line)
    for name in rulesets:
        speedups = [t[name].replay_speedup for t in rounds]
        verify = [t[name].verify for t in rounds if t[name].verify is not None]
        verdict = "PASS" if statistics.median(speedups) >= REPLAY_AT_LEAST else "MISS"
        every = "every round" if min(speedups) >= REPLAY_AT_LEAST else "not every round"
        print(
            f"  {name} replay(events) vs playing the game, per round: {' '.join(f'{x:.1f}' for x in speedups)}; "
            f"{spread(speedups, digits=1)}   {verdict} >= {REPLAY_AT_LEAST:g}x ({every}); "
            f"replay(verify=True): {statistics.median(verify):.1f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
