"""``python -m bots.arena`` plays the bot against the house's bots and prints its mean score with
a 95% interval, the house bots' mean beside it, its mean place and its faults; the same seed
gives the same output, another seed other games."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
NUMBER = r"-?\d+\.\d\d"


def arena(*args):
    return subprocess.run(
        [sys.executable, "-m", "bots.arena", "bots/examples/lowest_card.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_report_and_its_repetition():
    first = arena("--ruleset", "king", "--games", "4", "--short")
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert "4 games" in lines[0] and "4 seats" in lines[0] and "heuristic" in lines[0]
    for who, row in (("your bot", lines[1]), ("house bots", lines[2])):
        found = re.search(
            rf"{who} +mean score +({NUMBER}) ± ({NUMBER}) +\(95% interval ({NUMBER}) to ({NUMBER})\)", row
        )
        assert found, row
        mean, half, low, high = map(float, found.groups())
        assert half > 0 and abs(low - (mean - half)) < 0.02 and abs(high - (mean + half)) < 0.02
    assert re.search(r"mean place +\d\.\d\d of 4", first.stdout)
    assert re.search(r"faults +0 in \d+ turns", first.stdout)

    again = arena("--ruleset", "king", "--games", "4", "--short")
    assert again.stdout == first.stdout
    other_seed = arena("--ruleset", "king", "--games", "4", "--short", "--seed", "other")
    assert other_seed.returncode == 0 and other_seed.stdout.splitlines()[1:] != lines[1:]
