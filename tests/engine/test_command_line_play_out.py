"""`python -m games.engine play ...` plays a whole game and prints its score sheet."""

import subprocess
import sys
from pathlib import Path

from games.engine.__main__ import main
from games.engine.playout import play_out, score_sheet

ROOT = Path(__file__).resolve().parents[2]


def test_the_same_seed_prints_the_same_score_sheet(capsys):
    assert main(["play", "king", "--seed", "7", "--bots", "random"]) == 0
    first = capsys.readouterr().out
    assert main(["play", "king", "--seed", "7", "--bots", "random"]) == 0
    assert capsys.readouterr().out == first


def test_the_king_sheet_has_a_row_per_deal_with_its_contract_and_totals_that_sum_to_zero(capsys):
    main(["play", "king", "--seed", "7"])
    lines = capsys.readouterr().out.splitlines()
    rows = [line for line in lines if line[:3].strip().isdigit()]
    assert [int(r[:3]) for r in rows] == list(range(1, 11))
    assert "Vazas" in rows[0] and "Copas" in rows[1] and "Positiva" in rows[6]
    totals = next(line for line in lines if "Totals" in line).split()
    assert len(totals) == 6 and totals[-1] == "0"  # "Totals", P0..P3, and their sum
    state = play_out("king", 7)
    assert [int(v) for v in totals[1:5]] == state.scores


def test_every_row_sums_to_the_hand_total_shown_on_its_right():
    sheet = score_sheet(play_out("rifki", 11))
    rows = [line for line in sheet.splitlines() if line[:3].strip().isdigit() and "cancelled" not in line]
    assert len(rows) == 20
    for row in rows:
        *cells, total = [int(x) for x in row.split()[-5:]]
        assert sum(cells) == total


def test_rule_flags_are_passed_by_name(capsys):
    assert main(["play", "rifki", "--seed", "3", "-o", "short_mode=true", "-o", "king_slam=10"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line[:3].strip().isdigit()]
    assert 1 <= len(rows) <= 12 + 5  # 12 hands in short mode, plus any cancelled deals


def test_an_unknown_flag_is_refused_with_a_clear_message(capsys):
    assert main(["play", "rifki", "-o", "bogus=1"]) == 2
    err = capsys.readouterr().err
    assert "unknown option 'bogus'" in err


def test_the_module_runs_as_a_program():
    out = subprocess.run(
        [sys.executable, "-m", "games.engine", "play", "king", "--seed", "7", "--bots", "random"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    assert "Winner" in out and "Totals" in out
