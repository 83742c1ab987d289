"""docs/rules.md §3.2, ace_completion_bonus: a player who finishes a corner pile with its ace has the
bonus taken off his penalty points (chips: each other player pays it to him)."""

from .helpers import FULL_NE, game, play


def test_the_ace_on_a_corner_earns_the_bonus():
    state = game([["AS", "9D"], ["3C"]], layout={"NE": FULL_NE[:-1], "N": "TC"}, players=2, ace_completion_bonus=5)
    play(state, "AS>NE", "9D>N")
    assert state.deal_scores == [[-5, 1]]


def test_with_chips_each_other_player_pays_it():
    state = game(
        [["AS", "9D"], ["3C"], ["4C"]],
        layout={"NE": FULL_NE[:-1], "N": "TC"},
        players=3,
        ace_completion_bonus=5,
        scoring="chips_pot",
    )
    play(state, "AS>NE", "9D>N")
    assert state.deal_scores == [[-1 + 3 + 2 + 10, -1 - 1 - 5, -1 - 1 - 5]] and sum(state.deal_scores[0]) == 0
