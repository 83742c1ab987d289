"""``python -m bench.growth``: how the bot-table figures grow with workers and with bots.

Runs ``bench.tournament`` (a Swiss event of built-in ``random`` bots, 3 rounds, through real
Celery workers) for every pair of ``--workers`` (1, 2, 4) and ``--entrants`` (16, 64, 256) and
prints one Markdown table of seconds and match events per second: the cost-growth table of
docs/benchmarks.md ("Cost growth"), so that a club can read what one machine holds and when
more workers help. Each run is a process of its own (its own workers), one after the other, on
the site's database and broker (DATABASE_URL and REDIS_URL, as bench.tournament).
"""

import argparse
import re
import subprocess
import sys

from bench.bots import DEFAULT_RULESET
from games.engine import RULESETS

FIGURE = re.compile(r"\(\d+ matches, (?P<events>\d+) match events\): (?P<seconds>[\d.]+) s .*?, (?P<rate>\d+) events/s")


def run(workers, entrants, ruleset):
    command = [sys.executable, "-m", "bench.tournament", "--ruleset", ruleset]
    command += ["--workers", str(workers), "--entrants", str(entrants)]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    found = FIGURE.search(out)
    if found is None:
        raise SystemExit(f"no figure in bench.tournament's output:\n{out}")
    return float(found["seconds"]), int(found["rate"])


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.growth", description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--entrants", type=int, nargs="+", default=[16, 64, 256])
    parser.add_argument("--ruleset", choices=sorted(RULESETS), default=DEFAULT_RULESET)
    args = parser.parse_args(argv)
    seats = RULESETS[args.ruleset].default_seats
    figures = {(w, e): run(w, e, args.ruleset) for e in args.entrants for w in args.workers}
    print("| bots (tables) | " + " | ".join(f"{w} worker{'s' if w > 1 else ''}" for w in args.workers) + " |")
    print("|---|" + "---|" * len(args.workers))
    for e in args.entrants:
        cells = " | ".join(f"{figures[w, e][0]:.1f} s, {figures[w, e][1]:,} events/s" for w in args.workers)
        print(f"| {e} ({e // seats} tables of {seats}) | {cells} |")


if __name__ == "__main__":
    main()
