"""docs/rules.md §3.5, Jax: a drawn king goes at once to the first empty corner in the order NE, SE, SW,
NW, and the drawing stops."""

from games.engine import new_game

from .helpers import board, events_of, play


def test_the_drawn_king_is_placed_and_the_turn_passes():
    state = new_game(
        "corners_jax",
        board=board([["2C", "3C"], ["4C", "5C"]], layout={"NE": "KS"}, stock=["KD"], dealer=1),
        options={"players": 2},
    )
    events = play(state, "end")
    kinds = [e["type"] for e in events]
    assert kinds == ["end_turn", "turn_ended", "card_drawn", "king_placed", "turn_started"]
    assert events[3] == {"type": "king_placed", "seat": 0, "card": "KD", "to": "SE"}
    assert state.hand(0) == ["2C", "3C"] and state.to_act == 1


def test_the_pagat_game_keeps_a_drawn_king_in_hand():
    state = new_game(
        "corners", board=board([["2C", "3C"], ["4C", "5C"]], stock=["KD"], dealer=1), options={"players": 2}
    )
    play(state, "end")
    assert "KD" in state.hand(0) and not events_of(state, "king_placed")
