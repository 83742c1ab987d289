"""A Jax chip game's hand with chips that were never paid: the pot and the winner's take raised
together, and the game's totals with them, every hash after them recomputed. The rules re-count
the hand's ledger (antes, chip penalties, the pot the winner takes) and name its deal_ended,
the log's figures beside the rules' (an engine game of four seats, exported and chained as the
platform does)."""

import random

import pytest

from games import engine
from tests.audit.conftest import engine_export_records, events_of, failures, relink, write_records

pytestmark = pytest.mark.django_db


def test_a_pot_and_a_take_raised_together_fail_the_rules_at_the_hands_end(tmp_path, verify_json):
    rng = random.Random(3)
    state = engine.new_game("corners_jax", seed=rng.randbytes(32), options={"players": 4, "target_points": 25})
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    records = engine_export_records(state)
    events = events_of(records, "match/1")
    ended = next(e for e in events if e["type"] == "deal_ended" and e["payload"]["winner"] is not None)
    winner, payload = ended["payload"]["winner"], ended["payload"]
    pot = payload["pot"]
    payload["pot"] += 10
    payload["scores"][winner] += 10
    next(e for e in events if e["type"] == "game_ended")["payload"]["scores"][winner] += 10
    relink(records, "match/1", ended["version"])
    code, report = verify_json(write_records(tmp_path / "forged.jsonl", records))
    assert code == 1
    assert failures(report) == [("rules", "match/1", ended["version"])]
    message = report["failures"][0]["message"]
    assert message.startswith("mismatch: deal_ended: not what the rules produce:")
    assert f"pot is {pot + 10} in the log, {pot} by the rules" in message
    assert "scores is" in message
