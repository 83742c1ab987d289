"""Every refused action names its reason with a machine code and leaves the state exactly as it was."""

import copy

import pytest

from games.engine import IllegalAction, replay

from .helpers import game


@pytest.mark.parametrize(
    "action, code",
    [
        ("play", "malformed_action"),
        ({"type": "bogus"}, "malformed_action"),
        ({"type": "play", "card": "2C", "to": "N", "extra": 1}, "malformed_action"),
        ({"type": "play", "card": "ZZ", "to": "N"}, "malformed_card"),
        ({"type": "play", "card": "2C", "to": "XX"}, "unknown_pile"),
        ({"type": "play", "card": "9H", "to": "N"}, "not_in_hand"),
        ({"type": "play", "card": "QS", "to": "SE"}, "corner_needs_king"),
        ({"type": "play", "card": "QS", "to": "E"}, "does_not_fit"),
        ({"type": "play", "card": "2C", "to": "N", "as": "3C"}, "malformed_action"),
        ({"type": "move", "from": "NE", "to": "N"}, "corner_pile_cannot_move"),
        ({"type": "move", "from": "S", "to": "N"}, "empty_pile"),
        ({"type": "move", "from": "E", "to": "E"}, "same_pile"),
        ({"type": "move", "from": "E", "to": "W"}, "does_not_fit"),
        ({"type": "move", "from": "Q", "to": "E"}, "unknown_pile"),
        ({"type": "draw"}, "draw_not_due"),
        ({"type": "end_turn", "draw": "no"}, "malformed_action"),
        ({"type": "end_turn", "draw": False}, "refuse_draw_not_allowed"),
    ],
)
def test_a_bad_action_is_refused(action, code):
    state = game([["2C", "QS"], ["3C"]], layout={"E": "5D", "W": "9H", "NE": "KC"}, players=2)
    before = copy.deepcopy(state._snapshot())
    with pytest.raises(IllegalAction) as e:
        state.apply(action)
    assert e.value.code == code and e.value.message
    assert state._snapshot() == before
    assert replay(state.events) == state


def test_after_the_game_nothing_more_is_accepted():
    state = game([["2C"], ["3C"]], players=2)
    state.apply({"type": "play", "card": "2C", "to": "N"})
    with pytest.raises(IllegalAction) as e:
        state.apply({"type": "end_turn"})
    assert state.is_over and e.value.code == "game_over"
