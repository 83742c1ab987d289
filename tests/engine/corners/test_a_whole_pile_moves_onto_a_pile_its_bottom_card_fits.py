"""KC-L2 (docs/rules.md §3.4): N = [7C, 6H] moves onto E = [9S, 8D]; N is then empty and takes any card."""

from .helpers import game, play


def test_kc_l2_the_pile_moves_whole_and_the_space_takes_any_card():
    state = game([["2C", "QD"], ["3C"]], layout={"N": ["7C", "6H"], "E": ["9S", "8D"]}, dealer=1, players=2)
    assert {"type": "move", "from": "N", "to": "E"} in state.legal_actions()
    play(state, "N>E")
    piles = state.view(0)["table"]["piles"]
    assert piles["E"] == ["9S", "8D", "7C", "6H"] and piles["N"] == []
    plays = {(a["card"], a["to"]) for a in state.legal_actions() if a["type"] == "play"}
    assert ("2C", "N") in plays and ("QD", "N") in plays


def test_a_pile_whose_bottom_does_not_fit_cannot_move():
    state = game([["2C"], ["3C"]], layout={"N": ["7C", "6H"], "E": ["9S"]}, dealer=1, players=2)
    assert {"type": "move", "from": "N", "to": "E"} not in state.legal_actions()
