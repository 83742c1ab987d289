"""``python -m bench.strength``: how much stronger each built-in bot strategy is than another,
measured by duplicate matches, for every ruleset of ``games.engine.RULESETS``.

Design, and why:

- **Single deals, not whole games.** A whole game ties ten or twenty deals together through
  contract choices and quotas, so one early choice changes every later deal and the per-game
  difference is noisy; single deals are independent, pair exactly across the two seatings, and
  let the confidence interval shrink with every deal. Each deal is an engine board dealt from
  the seed (``games.engine.deal.deal_hands``, the engine's own shuffle), and deal ``d`` takes the
  ``d``-th contract of the ruleset's game cycle, with the dealer (King) or declarer (Rifki)
  moving one seat per deal, so the mix of contracts is the real game's:
  King's ten deals (six negatives, then four positive hands that the strategies settle through
  the Beneficiary's choice and the auction) and Rifki's twenty (each negative twice, eight
  trump hands; the trump is the declarer's longest suit, as a declarer would mostly name it).
  Kings in the Corner (a ruleset whose descriptor is not trick-taking) plays single hands
  too: each an engine board dealt by the engine's layout shuffle (``deal.layout_deal``), the
  dealer moving one seat per deal, at every other table size the ruleset plays from the
  smallest (2, 4 and 6 players), or those ``--players`` names.
- **Duplicate.** Every deal is played twice: strategy A in the even seats and B in the odd
  ones, then the other way round, so each strategy plays every seat on the same cards and the
  luck of the deal cancels in the per-deal difference.
- **Figures.** Per deal, a strategy's score is its mean deal score over the seats it played.
  The report gives each strategy's mean over the deals, the mean of the paired per-deal
  advantage of A over B (A - B, or B - A where the lowest score wins, as in the penalty
  scorings of Kings in the Corner) with a 95% confidence interval (normal approximation),
  its standard deviation, the mean difference per contract (trick games), and the wall time.
- **No ruleset named here.** The rulesets, their table sizes, roles and directions come from
  the descriptors; the trick games' contract cycles from their engine modules.

Deals run in parallel worker processes (``--workers``, default: every core); every random
choice is seeded from ``--seed``, the ruleset, the deal and the seating, so the figures do not
depend on the number of workers.
"""

import argparse
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bots.strategies import STRATEGIES, Budget, choose_action
from bots.strategies import corners as layout_strategies
from games.engine import COMPILED, RULESETS, new_game
from games.engine.deal import deal_hands, layout_deal
from games.engine.king import HAND_ORDER, KingState
from games.engine.rifki import TRUMP, RifkiState
from games.engine.scoring import NEGATIVE_CONTRACTS

# The contract of each deal of a trick game's cycle: King's ten deals (six negatives, then
# four positive hands that the strategies settle through the Beneficiary's choice and the
# auction) and Rifki's twenty (each negative twice, eight trump hands).
CONTRACT_CYCLES = {KingState: list(HAND_ORDER), RifkiState: list(NEGATIVE_CONTRACTS) * 2 + [TRUMP] * 8}
DEFAULT_PAIRINGS = ("heuristic:random", "montecarlo:heuristic")
Z_95 = statistics.NormalDist().inv_cdf(0.975)


def table_sizes(game):
    """The table sizes measured by default: every other size from the smallest, and the largest."""
    return sorted({*game.seats[::2], game.seats[-1]})


def deal_board(ruleset, seed, deal, num_seats):
    """The engine board of deal number ``deal`` at a table of ``num_seats``: seeded cards (and in
    a trick game the contract of its turn), the dealer (or declarer) moving one seat a deal."""
    game = RULESETS[ruleset]
    seat = deal % num_seats
    key = f"strength/{ruleset}/{num_seats}/deal/{deal}" if len(game.seats) > 1 else f"strength/{ruleset}/deal/{deal}"
    if not game.trick_taking:
        options = game.flag_defaults()
        hands, layout, stock = layout_deal(
            seed,
            key,
            num_seats,
            game.next_seat(seat, num_seats),
            1,
            options["deal_size"],
            options.get("jokers_wild", False),
        )
        return {"dealer": seat, "hands": hands, "layout": layout, "stock": stock}
    # A dealer deals from his left; a declarer (Rifki) deals from himself, in the game's direction.
    first = game.next_seat(seat, num_seats) if game.sheet_role == "dealer" else seat
    hands = deal_hands(seed, key, first, game.direction % num_seats)
    cycle = CONTRACT_CYCLES[game.state_class]
    contract = cycle[deal % len(cycle)]
    board = {game.sheet_role: seat, "hands": hands, "contract": contract}
    if contract == TRUMP:  # the declarer's longest suit (the first of equals in S, H, D, C order)
        board["trump"] = max("SHDC", key=lambda suit: sum(1 for c in hands[seat] if c[1] == suit))
    return board


def strategies_for(ruleset):
    """The built-in strategies that play ``ruleset``, and the Budget of their search."""
    if RULESETS[ruleset].trick_taking:
        return STRATEGIES, Budget
    return layout_strategies.STRATEGIES, layout_strategies.Budget


def chooser(ruleset, name, budget):
    if RULESETS[ruleset].trick_taking:
        return lambda view, rng: choose_action(name, view, rng, budget)
    strategies, _ = strategies_for(ruleset)
    strategy = layout_strategies.MonteCarlo(budget) if name == "montecarlo" else strategies[name]
    return strategy


def lowest_wins(state):
    """Whether the lowest score won this finished game (None when every score is the same)."""
    scores = state.scores
    if min(scores) == max(scores) or not state.winners:
        return None
    return all(scores[w] == min(scores) for w in state.winners)


def play_deal(job):
    """Play one deal in both seatings; returns (contract, A's mean score per seat, B's, lowest wins)."""
    ruleset, num_seats, seed, deal, names, budget = job
    board = deal_board(ruleset, seed, deal, num_seats)
    options = {"players": num_seats} if len(RULESETS[ruleset].seats) > 1 else None
    choose = [chooser(ruleset, name, budget) for name in names]
    totals = [0, 0]
    counts = [0, 0]
    lowest = None
    for seating in (0, 1):
        side = [(seat + seating) % 2 for seat in range(num_seats)]  # 0: strategy A, 1: strategy B
        rngs = [random.Random(f"{seed}/{ruleset}/{deal}/{seating}/{seat}") for seat in range(num_seats)]
        state = new_game(ruleset, board=board, options=options)
        while not state.is_over:
            seat = state.to_act
            state.apply(choose[side[seat]](state.view(seat), rngs[seat]))
        scores = state.deal_scores[0] if state.deal_scores else [0] * num_seats  # a void deal scores nothing
        for seat in range(num_seats):
            totals[side[seat]] += scores[seat]
            counts[side[seat]] += 1
        lowest = lowest if lowest is not None else lowest_wins(state)
    return board.get("contract"), totals[0] / counts[0], totals[1] / counts[1], lowest


def run_pairing(ruleset, num_seats, names, args, budget, pool):
    jobs = [(ruleset, num_seats, args.seed, deal, names, budget) for deal in range(args.deals)]
    start = time.perf_counter()
    results = list(pool.map(play_deal, jobs, chunksize=4)) if pool else [play_deal(job) for job in jobs]
    return results, time.perf_counter() - start


def report(ruleset, num_seats, names, results, seconds):
    a_scores = [a for _, a, _, _ in results]
    b_scores = [b for _, _, b, _ in results]
    lowest = any(low for *_, low in results)
    sign = -1 if lowest else 1
    diffs = [sign * (a - b) for a, b in zip(a_scores, b_scores)]
    n = len(diffs)
    mean = statistics.fmean(diffs)
    sd = statistics.stdev(diffs) if n > 1 else 0.0
    half = Z_95 * sd / math.sqrt(n)
    a, b = names
    verdict = f"{a} stronger" if mean - half > 0 else f"{b} stronger" if mean + half < 0 else "no clear difference"
    table = f", {num_seats} players" if len(RULESETS[ruleset].seats) > 1 else ""
    lines = [
        f"{ruleset}{table}: {a} vs {b}, {n} deals x 2 seatings ({seconds:.1f} s)",
        f"  {a:<11} mean score per seat per deal {statistics.fmean(a_scores):+8.1f}",
        f"  {b:<11} mean score per seat per deal {statistics.fmean(b_scores):+8.1f}",
        f"  {'advantage' if lowest else 'difference'}  {mean:+8.1f}   95% CI [{mean - half:+.1f}, {mean + half:+.1f}]"
        f"   sd {sd:.1f}   -> {verdict}" + (f"   (lowest score wins: {b} - {a})" if lowest else ""),
    ]
    by_contract: dict = {}
    for (contract, *_), d in zip(results, diffs):
        if contract is not None:
            by_contract.setdefault(contract, []).append(d)
    if by_contract:
        cells = [f"{c} {statistics.fmean(ds):+.0f} (n={len(ds)})" for c, ds in by_contract.items()]
        lines.append("  mean difference by contract: " + ", ".join(cells))
    return "\n".join(lines)


ALL_NAMES = sorted(set(STRATEGIES) | set(layout_strategies.STRATEGIES))


def pairing(text):
    names = tuple(text.split(":"))
    if len(names) != 2 or any(n not in ALL_NAMES for n in names) or names[0] == names[1]:
        raise argparse.ArgumentTypeError(f"a pairing is A:B with two different strategies of {', '.join(ALL_NAMES)}")
    return names


# Deals per pairing by default. A hand of Kings in the Corner at four players separates the
# Monte Carlo player from the heuristic by about 0.3 penalty points with a wide spread: 200 hands
# left its 95% interval touching zero, 500 exclude it (measured: docs/benchmarks.md "Bot strength").
DEALS_ONE_SIZE = 200
DEALS_SEVERAL_SIZES = 500


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.strength", description=__doc__.splitlines()[0].strip("`"))
    parser.add_argument(
        "--ruleset",
        choices=tuple(RULESETS),
        action="append",
        help="a ruleset to measure (repeat for several; default: every ruleset)",
    )
    parser.add_argument(
        "--players",
        type=int,
        action="append",
        help="table sizes for rulesets played at several (default: every other size from the "
        "smallest, and the largest)",
    )
    parser.add_argument(
        "--deals",
        type=int,
        help="deals per pairing, each played in two seatings (default: "
        f"{DEALS_ONE_SIZE} for a game of one table size, "
        f"{DEALS_SEVERAL_SIZES} for one of several)",
    )
    parser.add_argument(
        "--samples", type=int, help="montecarlo: sampled deals per decision (default: the strategy's own)"
    )
    parser.add_argument(
        "--rollout",
        choices=("heuristic", "random"),
        default="heuristic",
        help="montecarlo: the policy that plays the rollouts",
    )
    parser.add_argument("--seed", default="strength", help="seed of the deals and of every random choice")
    parser.add_argument(
        "--pairings",
        type=pairing,
        nargs="+",
        default=[pairing(p) for p in DEFAULT_PAIRINGS],
        metavar="A:B",
        help="pairings to measure, e.g. montecarlo:random (default: %(default)s)",
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes")
    args = parser.parse_args(argv)
    if args.deals is not None and args.deals < 2:
        parser.error("--deals must be at least 2 to give a confidence interval")
    rulesets = list(dict.fromkeys(args.ruleset or RULESETS))
    for ruleset in rulesets:
        bad = [p for p in args.players or () if len(RULESETS[ruleset].seats) > 1 and p not in RULESETS[ruleset].seats]
        if bad:
            parser.error(
                f"{ruleset} is played by {RULESETS[ruleset].seats.start} to "
                f"{RULESETS[ruleset].seats.stop - 1} players, not {bad[0]}"
            )
    print(
        f"Strength by duplicate single deals: seed {args.seed!r}, {args.deals or 'default'} deals per pairing, "
        f"montecarlo {args.samples or 'default'} samples with {args.rollout} rollouts, "
        f"{'compiled' if COMPILED else 'interpreted'} engine, {args.workers} worker(s)\n"
    )
    start = time.perf_counter()
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for ruleset in rulesets:
            game = RULESETS[ruleset]
            _, budget_class = strategies_for(ruleset)
            budget = budget_class(**({"samples": args.samples} if args.samples else {}), rollout=args.rollout)
            sizes = [game.default_seats] if len(game.seats) == 1 else (args.players or table_sizes(game))
            deals = args.deals or (DEALS_ONE_SIZE if len(game.seats) == 1 else DEALS_SEVERAL_SIZES)
            for num_seats in sizes:
                for names in args.pairings:
                    results, seconds = run_pairing(
                        ruleset, num_seats, names, argparse.Namespace(**{**vars(args), "deals": deals}), budget, pool
                    )
                    print(report(ruleset, num_seats, names, results, seconds) + "\n", flush=True)
    finally:
        if pool:
            pool.shutdown()
    print(f"total wall time {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
