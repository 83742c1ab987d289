"""KC6 (docs/rules.md §3.4 and §3.5): pagat chips_pot with 4 players. Ante 4; P2 two turns with no play,
P4 one: the pot is 7. P1 goes out; P2 holds K, x, x (12), P3 three cards, P4 one. P1 receives 23
chips; the deal scores are the nets [22, -15, -4, -3]."""

from games.engine import new_game

from .helpers import FULL_NE, FULL_SE, events_of, exact_board, play


def test_kc6():
    layout = {
        "NE": FULL_NE,
        "SE": FULL_SE,
        "SW": ["KD", "QC", "JD", "TC", "9D", "8C"],
        "N": ["TD", "9C", "8D"],
        "E": ["QD", "JC"],
        "S": "AC",
    }
    hands = [["7C", "7D"], ["KC"], ["6C", "5D", "2C"], ["4C"]]
    drawn = ["6D", "4D", "3C", "2D", "5C", "3D", "AD"]  # in the order they are drawn
    state = new_game(
        "corners", board=exact_board(hands, layout, drawn, dealer=3), options={"players": 4, "scoring": "chips_pot"}
    )
    play(
        state,
        "7C>N",
        "end",  # P1 plays, draws 6D
        "end",  # P2: no play (+1), draws 4D
        "6C>W",
        "end",  # P3 plays, draws 3C
        "end",  # P4: no play (+1), draws 2D
        "7D>SW",
        "end",  # P1 plays, draws 5C
        "end",  # P2: no play (+1), draws 3D
        "5D>W",
        "end",  # P3 plays, draws the last card, AD
        "4C>W",
        "end",  # P4 plays; the stock is empty
        "6D>N",
        "5C>N",
    )  # P1 goes out
    assert state.view(None)["table"]["pot"] == 7
    assert [len(state.hand(s)) for s in range(4)] == [0, 3, 3, 1]
    assert state.deal_scores == [[22, -15, -4, -3]]
    assert sum(state.deal_scores[0]) == 0
    assert events_of(state, "deal_ended")[0]["pot"] == 7
