"""docs/rules.md §3.2, Freeman's jokers (jokers_wild): a joker is played as a named card (``as``); the
card it stands for cannot be played while it does; a joker left in hand costs the dearest card."""

import pytest

from games.engine import IllegalAction

from .helpers import game, play


def test_a_joker_starts_a_corner_as_a_king_and_blocks_that_king():
    state = game([["X1", "KS", "QH", "2C"], ["3C"]], players=2, jokers_wild=True)
    legal = state.legal_actions()
    assert {"type": "play", "card": "X1", "to": "NE", "as": "KS"} in legal
    with pytest.raises(IllegalAction) as e:
        state.apply({"type": "play", "card": "X1", "to": "NE"})
    assert e.value.code == "joker_needs_as"
    play(state, "X1=KS>NE", "QH>NE")
    view = state.view(0)
    assert view["table"]["piles"]["NE"] == ["X1", "QH"] and view["table"]["jokers"] == {"X1": "KS"}
    assert not [a for a in state.legal_actions() if a.get("card") == "KS"]
    with pytest.raises(IllegalAction) as e:
        state.apply({"type": "play", "card": "KS", "to": "SE"})
    assert e.value.code == "card_stands_in_for_joker"


def test_a_joker_left_in_hand_costs_the_dearest_card():
    state = game([["2C"], ["X2", "3C"]], players=2, jokers_wild=True, scoring="pips_a25")
    play(state, "2C>N")
    assert state.deal_scores == [[0, 25 + 3]]
