"""score_sheet_rows(state): one row per finished deal holding the engine's own deal scores and
the contract's label, the totals equal to state.scores, and the zero-sum check of docs/rules.md
(1.9 for King, 2.8 for Rifki) wherever the rules promise it."""

import pytest

from games.engine import new_game
from games.engine.playout import contract_label, play_out, score_sheet_rows


@pytest.mark.parametrize(
    "ruleset,options", [("king", None), ("king", {"quick_game_combined_negatives": True}), ("rifki", None)]
)
@pytest.mark.parametrize("seed", [3, 7])
def test_a_finished_game_has_a_row_per_deal_with_its_scores_and_contract_and_sums_to_zero(ruleset, options, seed):
    state = play_out(ruleset, seed, options=options)
    sheet = score_sheet_rows(state)
    scored = [row for row in sheet["rows"] if row["scored"]]
    assert [row["scores"] for row in scored] == state.deal_scores
    assert [row["total"] for row in scored] == [sum(s) for s in state.deal_scores]
    assert [row["label"] for row in sheet["rows"]] == [contract_label(ruleset, d) for d in state.deals]
    assert [row["deal"] for row in sheet["rows"]] == [d["deal"] for d in state.deals]
    assert sheet["totals"] == state.scores and sheet["sum"] == sum(state.scores) == 0
    assert sheet["check"] == {"expected": 0, "ok": True}
    assert sheet["winners"] == state.winners


def test_every_king_row_names_its_dealer_and_the_fixed_hand_order():
    sheet = score_sheet_rows(play_out("king", 7))
    assert [row["label"] for row in sheet["rows"]][:6] == [
        "Vazas (no tricks)",
        "Copas (no hearts)",
        "Mulheres (no queens)",
        "Homens (no K, J)",
        "King (no K of hearts)",
        "Duas Ultimas (last two)",
    ]
    first = sheet["rows"][0]["seat"]
    assert [row["seat"] for row in sheet["rows"]] == [(first + i) % 4 for i in range(10)]
    assert sheet["seat_role"] == "dealer"


def test_a_game_in_progress_has_only_its_finished_deals_and_promises_no_zero_sum():
    state = new_game("king", seed=5)
    while len(state.deal_scores) < 2:
        state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])  # the third deal under way
    sheet = score_sheet_rows(state)
    assert len(sheet["rows"]) == 2 and sheet["totals"] == state.scores
    assert sheet["check"] is None and not sheet["is_over"] and sheet["winners"] is None


def test_a_rifki_short_game_is_not_held_to_a_zero_sum():
    state = play_out("rifki", 3, options={"short_mode": True})
    assert score_sheet_rows(state)["check"] is None
