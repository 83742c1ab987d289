"""`python -m games.engine play corners --players 3 --seed 7 --bots heuristic` prints the game's
score sheet: the scoring, the target and who wins; a row per hand with its dealer, how it ended,
and per player the hand's score and the running total; the totals and the winner."""

import subprocess
import sys
from pathlib import Path

import pytest

from games.engine.__main__ import main
from games.engine.playout import play_out

ROOT = Path(__file__).resolve().parents[3]


def rows(out):
    return [line for line in out.splitlines() if line[:3].strip().isdigit()]


def test_the_sheet_of_the_issues_example():
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "games.engine",
            "play",
            "corners",
            "--players",
            "3",
            "--seed",
            "7",
            "--bots",
            "heuristic",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    state = play_out("corners", 7, "heuristic", {"players": 3})
    lines = out.splitlines()
    assert "3 players" in lines[0] and "penalty points" in lines[0] and "target 25" in lines[0]
    assert "lowest total wins" in lines[0]
    assert lines[2].split()[-3:] == ["P0", "P1", "P2"]
    body = rows(out)
    assert len(body) == len(state.deals)
    running = [0, 0, 0]
    for line, record in zip(body, state.deals):
        assert f"P{record['winner']} went out" in line or "Deadlock" in line
        numbers = [int(x) for x in line.split()[-6:]]
        running = [t + v for t, v in zip(running, record["scores"])]
        assert numbers == [x for pair in zip(record["scores"], running) for x in pair]
    totals = next(line for line in lines if "Totals" in line).split()[1:]
    assert [int(v) for v in totals] == state.scores == running
    assert max(state.scores) >= 25
    assert lines[-1] == "Winner: " + ", ".join(f"P{s}" for s in state.winners) + " (complete)"


def test_the_same_seed_prints_the_same_sheet(capsys):
    args = ["play", "corners", "--players", "3", "--seed", "7", "--bots", "heuristic"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first


def test_the_chip_game_counts_points_and_names_each_pot(capsys):
    assert main(["play", "corners_jax", "--players", "4", "--seed", "7", "--bots", "heuristic"]) == 0
    out = capsys.readouterr().out
    assert "points" in out.splitlines()[0] and "target 100" in out and "highest total wins" in out
    assert all("(pot " in line or "(void)" in line for line in rows(out))


@pytest.mark.parametrize(
    "args, message",
    [
        (["play", "corners", "--players", "7"], "2 to 6 players"),
        (["play", "king", "--players", "3"], "4 to 4 players"),
        (["play", "king", "--bots", "heuristic"], "no heuristic"),
    ],
)
def test_a_table_size_or_bot_the_ruleset_has_not_is_refused(capsys, args, message):
    assert main(args) == 2
    assert message in capsys.readouterr().err
