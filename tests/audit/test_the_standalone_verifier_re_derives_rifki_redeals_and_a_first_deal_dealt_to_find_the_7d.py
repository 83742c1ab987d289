"""The verifier's shuffle follows every dealing rule of the engine: a Rifki redeal's own deal
key, and a first deal dealt from seat 0 to find the holder of the 7 of diamonds. (An engine
game, chained as the event log chains it: no database needed for the cards.)"""

import random

import pytest

from games import engine
from tests.audit.conftest import engine_export_records as export_records
from tests.audit.conftest import events_of, failures, relink, write_records

pytestmark = pytest.mark.django_db


def rifki_game_with_a_redeal():
    rng = random.Random(0)
    state = engine.new_game(
        "rifki", seed=rng.randbytes(32), options={"first_declarer": "holder_7d", "short_mode": True}
    )
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_redeal_and_the_holders_first_deal_re_derive(tmp_path, verify_json):
    state = rifki_game_with_a_redeal()
    redeals = [e for e in state.events if e["type"] == "deal_started" and e["redeal"]]
    assert redeals and redeals[0]["deal_key"].endswith("/redeal/1")
    assert "first_declarer" not in state.events[0]
    path = write_records(tmp_path / "redeal.jsonl", export_records(state))
    code, report = verify_json(path)
    assert code == 0, report["failures"]


def test_a_forged_redeal_is_named_at_its_version(tmp_path, verify_json):
    records = export_records(rifki_game_with_a_redeal())
    redeal = next(e for e in events_of(records, "match/1") if e["type"] == "deal_started" and e["payload"]["redeal"])
    hands = redeal["payload"]["hands"]
    hands[2], hands[3] = hands[3], hands[2]
    relink(records, "match/1", redeal["version"])
    path = write_records(tmp_path / "forged.jsonl", records)
    code, report = verify_json(path)
    assert code == 1 and failures(report) == [("deals", "match/1", redeal["version"])]


def test_a_first_declarer_that_is_not_the_seeds_draw_fails_at_version_1(tmp_path, verify_json):
    rng = random.Random(3)
    state = engine.new_game("rifki", seed=rng.randbytes(32), options={"short_mode": True})
    records = export_records(state)
    start = records[2]
    start["payload"]["first_declarer"] = (start["payload"]["first_declarer"] + 1) % 4
    relink(records, "match/1", 1)
    path = write_records(tmp_path / "drawn.jsonl", records)
    code, report = verify_json(path)
    assert code == 1 and ("deals", "match/1", 1) in failures(report)
