"""The heuristic, one decision at a time: a king goes to an empty corner first, then a base pile
moves to open a space, then the dearest card goes on a pile, then an empty base space is filled
with the card that starts the longest run of the hand; the turn ends (drawing) when nothing is
left to play."""

from bots.strategies.corners import heuristic
from tests.engine.corners.helpers import game


def step(state):
    action = heuristic.choose(state.view(state.to_act))
    state.apply(action)
    return action


def test_a_king_goes_to_an_empty_corner_before_anything_else():
    state = game([["KD", "8H", "2C"], ["3C"]], layout={"N": "9S", "E": "4D"}, dealer=1, players=2)
    assert step(state) == {"type": "play", "card": "KD", "to": "NE"}


def test_a_base_pile_moves_to_open_a_space_which_a_card_then_fills():
    # N = 7C fits on E = 8D: moving it opens N, which then takes the queen.
    state = game([["QH", "2C"], ["3C"]], layout={"N": "7C", "E": "8D", "S": "AS", "W": "AH"}, dealer=1, players=2)
    assert step(state) == {"type": "move", "from": "N", "to": "E"}
    assert step(state) == {"type": "play", "card": "QH", "to": "N"}


def test_the_dearest_card_goes_on_a_pile_first():
    # Face-value scoring: of 9D and 5H, both fitting, the nine costs more and goes first.
    state = game(
        [["9D", "5H", "2C"], ["3C"]],
        layout={"N": "TS", "E": "6C", "S": "AS", "W": "AH"},
        dealer=1,
        players=2,
        scoring="robinson_face",
    )
    assert step(state) == {"type": "play", "card": "9D", "to": "N"}
    assert step(state) == {"type": "play", "card": "5H", "to": "E"}


def test_an_empty_space_takes_the_card_that_starts_the_longest_run():
    # With N empty: 9H lets 8S follow, so it goes there rather than the lone QC.
    state = game([["QC", "9H", "8S", "2D"], ["3C"]], layout={"E": "AS", "S": "AH", "W": "AD"}, dealer=1, players=2)
    assert step(state) == {"type": "play", "card": "9H", "to": "N"}
    assert step(state) == {"type": "play", "card": "8S", "to": "N"}


def test_the_turn_ends_with_a_draw_when_nothing_fits():
    state = game(
        [["5C", "2D"], ["3C"]],
        layout={"N": "9S", "E": "AS", "S": "AH", "W": "AD"},
        dealer=1,
        players=2,
        ruleset="corners_jax",
    )
    view = state.view(state.to_act)
    assert {"type": "end_turn", "draw": False} in view["legal_actions"]
    assert heuristic.choose(view) == {"type": "end_turn"}
