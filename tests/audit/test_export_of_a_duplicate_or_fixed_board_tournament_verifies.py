"""Duplicate tables share their board's seed (derived from the board key, not the table), and a
tournament of fixed boards deals them as given: both exports verify."""

import random

import pytest

from tests.audit.conftest import read_records
from tests.engine.helpers import random_hands
from tests.fixtures.verifier import write_lines
from tournaments.export import tournament_export_lines
from tournaments.models import TournamentTable

pytestmark = pytest.mark.django_db


def test_two_duplicate_tables_of_one_board_derive_the_same_seed_and_verify(tournament_of_bots, tmp_path, verify_json):
    tournament, matches = tournament_of_bots("duplicate", entrants=8)
    assert len(matches) == 2 and matches[0].seed == matches[1].seed
    assert len({t.board for t in TournamentTable.objects.filter(tournament=tournament)}) == 1
    code, report = verify_json(write_lines(tmp_path / "duplicate.jsonl", tournament_export_lines(tournament)))
    assert code == 0, report["failures"]
    derived = [r for r in report["results"] if r["check"] == "match seeds"]
    assert [r["status"] for r in derived] == ["pass", "pass"] and all(" board " in r["message"] for r in derived)


def test_a_tournament_of_fixed_boards_deals_each_board_as_given_and_verifies(tournament_of_bots, tmp_path, verify_json):
    board = {"dealer": 0, "contract": "no_hearts", "hands": random_hands(random.Random(11))}
    tournament, (match,) = tournament_of_bots(boards=[board], options={})
    path = write_lines(tmp_path / "boards.jsonl", tournament_export_lines(tournament))
    assert [set(h) for h in read_records(path)[2]["board"]["hands"]] == [set(h) for h in board["hands"]]
    code, report = verify_json(path)
    assert code == 0, report["failures"]
    status = {(r["check"], r["stream"]): r["status"] for r in report["results"]}
    assert status[("match seeds", match.stream)] == "skip" and status[("deals", match.stream)] == "pass"
    assert status[("root hash", tournament.stream)] == "pass"
