"""docs/rules.md §3.5: Kleplek's 5 points for going out on the player's first turn of the hand are
recorded as -5 for him; not on a later turn, not without the flag, not in another scoring."""

from games.engine import new_game

from .helpers import board, play


def hand(scoring="kleplek_10_5_1", later=False, **options):
    state = new_game(
        "corners",
        board=board([["5H", "2C"], ["9C", "8D"]], layout={"N": "6S"}, dealer=1),
        options={"players": 2, "scoring": scoring, **options},
    )
    if later:
        play(state, "end", "end")
    cards = [c for c in state.hand(0) if c != "5H"]
    play(state, "5H>N", *(f"{c}>{p}" for c, p in zip(cards, "ESW")))
    return state


def test_first_turn_out_scores_minus_five():
    state = hand()
    assert state.deal_scores[0][0] == -5 and state.deals[0]["first_turn_out"] is True


def test_not_on_a_later_turn_nor_without_the_flag_nor_in_another_scoring():
    assert hand(later=True).deal_scores[0][0] == 0
    assert hand(kleplek_first_turn_out_bonus=False).deal_scores[0][0] == 0
    assert hand(scoring="k10_other1").deal_scores[0][0] == 0
