"""Brazilian King legal play: the vectors BL1-BL5 of docs/rules.md §1.11 with the flag variants named there,
plus the lead rules of 1.5 checked through a real deal."""

import random

import pytest

from games.engine import king, new_game, option_defaults
from games.engine.cards import by_suit
from tests.engine.helpers import random_hands


def legal(contract, hand, trick, mode=None, trump=None, hearts_broken=False, **flags):
    options = option_defaults("king")
    options.update(flags)
    cards, (code, reason) = king.legal_plays(
        by_suit(hand), list(trick), king.PlayRules(contract, options, mode, trump), hearts_broken
    )
    assert isinstance(code, str) and code and isinstance(reason, str) and reason
    return set(cards)


def test_bl1_a_heart_lead_forces_the_king_of_hearts_by_default():
    assert legal("no_king_of_hearts", ["KH", "2H", "3C"], ["5H"]) == {"KH"}


def test_bl1_with_discard_only_a_heart_lead_lets_the_holder_keep_the_king():
    assert legal("no_king_of_hearts", ["KH", "2H", "3C"], ["5H"], kh_forced_play="discard_only") == {"KH", "2H"}


def test_bl1_with_no_compulsion_any_heart_follows():
    assert legal("no_king_of_hearts", ["KH", "2H", "3C"], ["5H"], kh_forced_play="none") == {"KH", "2H"}


@pytest.mark.parametrize("rule", ["discard_and_heart_lead", "discard_only"])
def test_bl2_void_in_the_suit_led_the_king_of_hearts_must_be_discarded(rule):
    assert legal("no_king_of_hearts", ["KH", "2H", "3D"], ["3C"], kh_forced_play=rule) == {"KH"}


def test_bl2_without_compulsion_a_void_player_discards_anything():
    assert legal("no_king_of_hearts", ["KH", "2H", "3D"], ["3C"], kh_forced_play="none") == {"KH", "2H", "3D"}


@pytest.mark.parametrize("contract", ["no_hearts", "no_king_of_hearts", "no_hearts+no_king_of_hearts"])
@pytest.mark.parametrize("broken", [False, True], ids=["hearts unbroken", "hearts discarded earlier"])
def test_bl3_no_heart_may_be_led_while_holding_another_suit_even_after_hearts_fell(contract, broken):
    assert legal(contract, ["AH", "2C"], [], hearts_broken=broken) == {"2C"}


def test_bl3_a_hand_of_only_hearts_may_lead_any_heart():
    assert legal("no_hearts", ["AH", "3H"], []) == {"AH", "3H"}


def test_with_after_broken_hearts_may_be_led_once_a_heart_has_fallen():
    assert legal("no_hearts", ["AH", "2C"], [], hearts_lead_rule="after_broken") == {"2C"}
    assert legal("no_hearts", ["AH", "2C"], [], hearts_broken=True, hearts_lead_rule="after_broken") == {"AH", "2C"}


@pytest.mark.parametrize("contract", ["no_tricks", "no_queens", "no_men", "no_last_two"])
def test_hearts_may_be_led_freely_in_the_other_negative_hands(contract):
    assert legal(contract, ["AH", "2C"], []) == {"AH", "2C"}


def test_holding_only_hearts_and_the_king_the_leader_must_lead_the_king():
    assert legal("no_king_of_hearts", ["KH", "3H", "9H"], []) == {"KH"}
    assert legal("no_king_of_hearts", ["KH", "3H", "9H"], [], kh_forced_play="discard_only") == {"KH", "3H", "9H"}


def test_bl4_positive_with_a_trump_has_no_compulsory_ruff():
    assert legal("positive", ["2S", "AC"], ["5D"], mode="up", trump="S") == {"2S", "AC"}


def test_bl4_with_positive_must_ruff_a_void_player_must_trump():
    assert legal("positive", ["2S", "AC"], ["5D"], mode="up", trump="S", positive_must_ruff=True) == {"2S"}


def test_positive_must_overtrump_forbids_underruffing_when_a_higher_trump_is_held():
    hand = ["2S", "KS", "AC"]
    assert legal(
        "positive", hand, ["5D", "TS"], mode="up", trump="S", positive_must_ruff=True, positive_must_overtrump=True
    ) == {"KS"}
    assert legal("positive", hand, ["5D", "TS"], mode="up", trump="S", positive_must_ruff=True) == {"2S", "KS"}


def test_a_positive_hand_still_forces_following_suit():
    assert legal("positive", ["2S", "4D", "AC"], ["5D"], mode="up", trump="S") == {"4D"}
    assert legal("positive", ["2S", "4D", "AC"], ["5D"], mode="down") == {"4D"}


def test_bl5_no_queens_void_player_may_keep_his_queen_by_default():
    assert legal("no_queens", ["QS", "2C"], ["5D"]) == {"QS", "2C"}


def test_bl5_with_must_discard_penalty_when_void_the_queen_must_go():
    assert legal("no_queens", ["QS", "2C"], ["5D"], must_discard_penalty_when_void=True) == {"QS"}


def test_must_discard_penalty_when_void_applies_to_men_and_hearts_too():
    assert legal("no_men", ["JS", "KC", "2C"], ["5D"], must_discard_penalty_when_void=True) == {"JS", "KC"}
    assert legal("no_hearts", ["4H", "2C"], ["5D"], must_discard_penalty_when_void=True) == {"4H"}


def test_following_suit_is_compulsory_in_every_negative_hand():
    for contract in ("no_tricks", "no_hearts", "no_queens", "no_men", "no_king_of_hearts", "no_last_two"):
        assert legal(contract, ["QD", "4D", "AC"], ["5D"]) == {"QD", "4D"}


def test_in_a_real_no_hearts_deal_a_leader_with_another_suit_never_may_lead_a_heart():
    """BL3 through the engine: hearts_broken is whatever the deal made it."""
    checked_after_hearts_fell = 0
    for k in range(30):
        rng = random.Random(k)
        state = new_game(
            "king",
            board={"dealer": k % 4, "hands": random_hands(rng), "contract": "no_hearts"},
            options={"early_end_when_penalties_exhausted": False},
        )
        hearts_fell = False
        while not state.is_over:
            view = state.view(state.to_act)
            if not view["table"]["trick"]:
                hand = state.hand(state.to_act)
                cards = {a["card"] for a in state.legal_actions()}
                if any(c[1] != "H" for c in hand):
                    assert cards == {c for c in hand if c[1] != "H"}
                    checked_after_hearts_fell += hearts_fell
                else:
                    assert cards == set(hand)
            events = state.apply(rng.choice(state.legal_actions()))
            hearts_fell |= any(e["type"] == "trick" and any(c[1] == "H" for c in e["cards"]) for e in events)
    assert checked_after_hearts_fell > 0
