"""A fixed board has no seed: its export verifies by dealing exactly the board's hands."""

import json
import random

import pytest

from games.service.access import public_export
from tests.audit.conftest import events_of, failures, read_records, relink, write_records
from tests.engine.helpers import random_hands
from tests.fixtures.verifier import write_lines

pytestmark = pytest.mark.django_db

BOARDS = {
    "king": ({}, {"dealer": 1, "contract": "no_queens", "hands": random_hands(random.Random(7))}),
    "rifki": ({}, {"declarer": 2, "contract": "trump", "trump": "S", "hands": random_hands(random.Random(8))}),
}


@pytest.mark.parametrize("ruleset", sorted(BOARDS))
def test_a_board_match_deals_the_boards_hands_and_verifies(play, tmp_path, verify_json, ruleset):
    options, board = BOARDS[ruleset]
    match = play(ruleset, options, board=board)
    path = write_lines(tmp_path / "board.jsonl", public_export(match))
    record = read_records(path)[1]
    assert record["board"] == match.board and record["seed"] is None and record["seed_sha256"] is None
    code, report = verify_json(path)
    assert code == 0, report["failures"]
    status = {r["check"]: r["status"] for r in report["results"]}
    assert status["deals"] == "pass" and status["seed"] == "skip"


def test_other_cards_than_the_boards_are_named_even_with_the_chain_re_linked(play, tmp_path, verify_json):
    options, board = BOARDS["king"]
    match = play("king", options, board=board)
    records = [json.loads(line) for line in public_export(match)]
    deal = next(e for e in events_of(records, match.stream) if e["type"] == "deal_started")
    hands = deal["payload"]["hands"]
    hands[0], hands[1] = hands[1], hands[0]
    relink(records, match.stream, deal["version"])
    code, report = verify_json(write_records(tmp_path / "forged.jsonl", records))
    assert code == 1 and failures(report) == [("deals", match.stream, deal["version"])]
