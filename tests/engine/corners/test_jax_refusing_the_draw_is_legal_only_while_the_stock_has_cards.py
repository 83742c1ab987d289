"""docs/rules.md §3.5, Jax: end_turn {draw: false} is legal only while the stock has cards, costs the
refuse_draw_penalty, and is not offered by the pagat game."""

import pytest

from games.engine import IllegalAction, new_game

from .helpers import FULL_NE, FULL_SE, board, exact_board, play

KEEP = {"type": "end_turn", "draw": False}


def test_refusing_costs_a_chip_and_draws_nothing():
    state = new_game("corners_jax", board=board([["2C", "3C"], ["4C", "5C"]], dealer=1), options={"players": 2})
    assert state.legal_actions()[-2:] == [{"type": "end_turn"}, KEEP]
    stock = state.view(None)["table"]["stock_size"]
    play(state, "2C>N", "keep")
    assert state.view(None)["table"]["stock_size"] == stock and state.hand(0) == ["3C"]
    assert state.view(None)["table"]["pot"] == 2 + 1


def test_with_the_stock_empty_it_is_refused():
    layout = {
        "NE": FULL_NE,
        "SE": FULL_SE,
        "SW": ["KD", "QC", "JD", "TC", "9D", "8C", "7D", "6C", "5D", "4C", "3D"],
        "NW": ["KC", "QD", "JC", "TD", "9C", "8D", "7C", "6D", "5C", "4D", "3C", "2D"],
    }
    state = new_game("corners_jax", board=exact_board([["2C"], ["AD", "AC"]], layout, []), options={"players": 2})
    assert KEEP not in state.legal_actions()
    with pytest.raises(IllegalAction) as e:
        state.apply(KEEP)
    assert e.value.code == "stock_empty"


def test_the_pagat_game_never_refuses_the_draw():
    state = new_game("corners", board=board([["2C", "3C"], ["4C", "5C"]], dealer=1), options={"players": 2})
    with pytest.raises(IllegalAction) as e:
        state.apply(KEEP)
    assert e.value.code == "refuse_draw_not_allowed"
