"""docs/rules.md §3.5, draw_timing start_of_turn: {"type": "draw"} is the only legal action at the start
of a turn while the stock has cards, and end_turn then draws nothing."""

import pytest

from games.engine import IllegalAction

from .helpers import game, play


def test_the_draw_is_the_only_action_and_end_turn_draws_nothing():
    state = game([["2C", "3C"], ["4C", "5C"]], stock=["9D", "9H"], players=2, draw_timing="start_of_turn")
    assert state.legal_actions() == [{"type": "draw"}]
    with pytest.raises(IllegalAction) as e:
        state.apply({"type": "play", "card": "2C", "to": "N"})
    assert e.value.code == "must_draw"
    play(state, "draw")
    assert "9D" in state.hand(0) and {"type": "draw"} not in state.legal_actions()
    play(state, "end")
    assert len(state.hand(0)) == 3 and state.to_act == 1 and state.legal_actions() == [{"type": "draw"}]


def test_draw_count_two_draws_two_cards():
    state = game([["2C", "3C"], ["4C", "5C"]], stock=["9D", "9H"], players=2, draw_count=2)
    play(state, "end")
    assert {"9D", "9H"} <= set(state.hand(0))
