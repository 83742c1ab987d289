"""docs/rules.md §3.5: a whole pile moves only onto a non-empty pile (or a king's pile into an empty
corner); where corner and base build differently, every card of the moving pile must fit the
destination's rule."""

import pytest

from games.engine import IllegalAction

from .helpers import game


def test_an_alternating_base_pile_cannot_join_a_same_suit_corner():
    state = game(
        [["2C"], ["3C"]], layout={"NE": ["KS", "QS"], "N": ["JS", "TH"]}, players=2, corner_build="same_suit_down"
    )
    assert {"type": "move", "from": "N", "to": "NE"} not in state.legal_actions()
    with pytest.raises(IllegalAction) as e:
        state.apply({"type": "move", "from": "N", "to": "NE"})
    assert e.value.code == "does_not_fit"


def test_a_pile_that_fits_both_rules_moves():
    state = game([["2C"], ["3C"]], layout={"NE": ["KS", "QS"], "N": ["JS"]}, players=2, corner_build="same_suit_down")
    assert {"type": "move", "from": "N", "to": "NE"} in state.legal_actions()


def test_a_pile_never_moves_into_an_empty_base_space():
    state = game([["2C"], ["3C"]], layout={"N": ["9S", "8H"]}, players=2)
    assert not [a for a in state.legal_actions() if a["type"] == "move"]
    with pytest.raises(IllegalAction) as e:
        state.apply({"type": "move", "from": "N", "to": "E"})
    assert e.value.code == "move_to_empty_space"
