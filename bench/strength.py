"""``python -m bench.strength``: how much stronger each built-in bot strategy is than another,
measured by duplicate matches.

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
- **Duplicate.** Every deal is played twice: strategy A in seats 0 and 2 and B in 1 and 3,
  then the other way round, so each strategy plays every seat on the same cards and the luck
  of the deal cancels in the per-deal difference.
- **Figures.** Per deal, a strategy's score is its mean deal score over the four seats it
  played. The report gives each strategy's mean over the deals, the mean of the paired
  per-deal difference A - B with a 95% confidence interval (normal approximation, n >= 200),
  its standard deviation, the mean difference per contract, and the wall time.

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
from games.engine import COMPILED, new_game
from games.engine.deal import deal_hands
from games.engine.king import HAND_ORDER
from games.engine.rifki import TRUMP
from games.engine.scoring import NEGATIVE_CONTRACTS

RIFKI_ORDER = list(NEGATIVE_CONTRACTS) * 2 + [TRUMP] * 8
DEFAULT_PAIRINGS = ("heuristic:random", "montecarlo:heuristic")
Z_95 = statistics.NormalDist().inv_cdf(0.975)


def deal_board(ruleset, seed, deal):
    """The engine board of deal number ``deal``: seeded cards and the contract of its turn."""
    seat = deal % 4
    if ruleset == "king":
        hands = deal_hands(seed, f"strength/king/deal/{deal}", (seat + 1) % 4, 1)
        return {"dealer": seat, "hands": hands, "contract": HAND_ORDER[deal % len(HAND_ORDER)]}
    hands = deal_hands(seed, f"strength/rifki/deal/{deal}", seat, 3)
    contract = RIFKI_ORDER[deal % len(RIFKI_ORDER)]
    board = {"declarer": seat, "hands": hands, "contract": contract}
    if contract == TRUMP:  # the declarer's longest suit (the first of equals in S, H, D, C order)
        board["trump"] = max("SHDC", key=lambda suit: sum(1 for c in hands[seat] if c[1] == suit))
    return board


def play_deal(job):
    """Play one deal in both seatings; returns (contract, A's mean score per seat, B's)."""
    ruleset, seed, deal, names, budget = job
    board = deal_board(ruleset, seed, deal)
    totals = [0, 0]
    for seating in (0, 1):
        side = [(seat + seating) % 2 for seat in range(4)]  # 0: strategy A, 1: strategy B
        rngs = [random.Random(f"{seed}/{ruleset}/{deal}/{seating}/{seat}") for seat in range(4)]
        state = new_game(ruleset, board=board)
        while not state.is_over:
            seat = state.to_act
            state.apply(choose_action(names[side[seat]], state.view(seat), rngs[seat], budget))
        scores = state.deal_scores[0] if state.deal_scores else [0, 0, 0, 0]  # a cancelled deal scores nothing
        for seat in range(4):
            totals[side[seat]] += scores[seat]
    return board["contract"], totals[0] / 4, totals[1] / 4


def run_pairing(ruleset, names, args, budget, pool):
    jobs = [(ruleset, args.seed, deal, names, budget) for deal in range(args.deals)]
    start = time.perf_counter()
    results = list(pool.map(play_deal, jobs, chunksize=4)) if pool else [play_deal(job) for job in jobs]
    return results, time.perf_counter() - start


def report(ruleset, names, results, seconds):
    a_scores = [a for _, a, _ in results]
    b_scores = [b for _, _, b in results]
    diffs = [a - b for a, b in zip(a_scores, b_scores)]
    n = len(diffs)
    mean = statistics.fmean(diffs)
    sd = statistics.stdev(diffs) if n > 1 else 0.0
    half = Z_95 * sd / math.sqrt(n)
    a, b = names
    verdict = f"{a} stronger" if mean - half > 0 else f"{b} stronger" if mean + half < 0 else "no clear difference"
    lines = [
        f"{ruleset}: {a} vs {b}, {n} deals x 2 seatings ({seconds:.1f} s)",
        f"  {a:<11} mean score per seat per deal {statistics.fmean(a_scores):+8.1f}",
        f"  {b:<11} mean score per seat per deal {statistics.fmean(b_scores):+8.1f}",
        f"  difference  {mean:+8.1f}   95% CI [{mean - half:+.1f}, {mean + half:+.1f}]   sd {sd:.1f}   -> {verdict}",
    ]
    by_contract: dict = {}
    for (contract, _, _), d in zip(results, diffs):
        by_contract.setdefault(contract, []).append(d)
    cells = [f"{c} {statistics.fmean(ds):+.0f} (n={len(ds)})" for c, ds in by_contract.items()]
    lines.append("  mean difference by contract: " + ", ".join(cells))
    return "\n".join(lines)


def pairing(text):
    names = tuple(text.split(":"))
    if len(names) != 2 or any(n not in STRATEGIES for n in names) or names[0] == names[1]:
        raise argparse.ArgumentTypeError(f"a pairing is A:B with two different strategies of {', '.join(STRATEGIES)}")
    return names


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.strength", description=__doc__.splitlines()[0].strip("`"))
    parser.add_argument("--ruleset", choices=("king", "rifki", "both"), default="both")
    parser.add_argument("--deals", type=int, default=200, help="deals per pairing (each played in two seatings)")
    parser.add_argument("--samples", type=int, default=Budget().samples, help="montecarlo: sampled deals per decision")
    parser.add_argument("--rollout", choices=("heuristic", "random"), default="heuristic",
                        help="montecarlo: the policy that plays the rollouts")
    parser.add_argument("--seed", default="strength", help="seed of the deals and of every random choice")
    parser.add_argument("--pairings", type=pairing, nargs="+", default=[pairing(p) for p in DEFAULT_PAIRINGS],
                        metavar="A:B", help="pairings to measure, e.g. montecarlo:random (default: %(default)s)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes")
    args = parser.parse_args(argv)
    if args.deals < 2:
        parser.error("--deals must be at least 2 to give a confidence interval")
    budget = Budget(samples=args.samples, rollout=args.rollout)
    rulesets = ("king", "rifki") if args.ruleset == "both" else (args.ruleset,)
    print(f"Strength by duplicate single deals: seed {args.seed!r}, {args.deals} deals per pairing, "
          f"montecarlo {budget.samples} samples with {budget.rollout} rollouts, "
          f"{'compiled' if COMPILED else 'interpreted'} engine, {args.workers} worker(s)\n")
    start = time.perf_counter()
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for ruleset in rulesets:
            for names in args.pairings:
                results, seconds = run_pairing(ruleset, names, args, budget, pool)
                print(report(ruleset, names, results, seconds) + "\n", flush=True)
    finally:
        if pool:
            pool.shutdown()
    print(f"total wall time {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
