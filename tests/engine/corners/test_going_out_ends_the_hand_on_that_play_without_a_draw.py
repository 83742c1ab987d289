"""docs/rules.md §3.5: going out ends the hand on the play that empties the hand: no end_turn, no draw."""

from .helpers import game, play


def test_the_last_card_ends_the_hand_at_once():
    state = game([["5H", "2C"], ["3C", "9D"]], layout={"N": "6S", "E": "3D"}, dealer=1)
    stock = state.view(None)["table"]["stock_size"]
    events = play(state, "5H>N", "2C>E")
    kinds = [e["type"] for e in events]
    assert kinds == ["play", "play", "deal_ended", "game_ended"]
    assert state.view(None)["table"]["stock_size"] == stock
    assert state.is_over and state.winners == [0]
