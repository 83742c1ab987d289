"""KC7 (docs/rules.md §3.4): Jax. Ante 4; one turn with no play (+1); one refused draw (+1); P4 caught
holding a king (+3). P1 goes out; the others hold 4, 2 and 5 cards (+11): the pot is 20 and
P1 scores 20 points."""

from games.engine import new_game

from .helpers import FULL_NE, FULL_SE, exact_board, play


def test_kc7():
    layout = {
        "NE": FULL_NE,
        "SE": FULL_SE,
        "SW": ["KD", "QC", "JD", "TC", "9D", "8C"],
        "N": ["TD", "9C", "8D"],
        "S": "AC",
    }
    hands = [["7C", "7D"], ["6C", "4D", "3C", "2D", "2C"], ["3D"], ["KC", "5D", "4C", "AD", "5C"]]
    state = new_game(
        "corners_jax", board=exact_board(hands, layout, ["6D", "QD", "JC"], dealer=3), options={"players": 4}
    )
    play(
        state,
        "7C>N",
        "end",  # P1 plays, draws 6D
        "6C>W",
        "keep",  # P2 plays and refuses the draw (+1)
        "end",  # P3: no play (+1), draws QD
        "5D>W",
        "end",  # P4 plays, keeps KC while NW is empty (+3), draws JC
        "7D>SW",
        "6D>N",
    )  # P1 goes out
    assert [len(state.hand(s)) for s in range(1, 4)] == [4, 2, 5]
    record = state.deals[0]
    assert record["pot"] == 20 and record["winner"] == 0
    assert state.deal_scores == [[20, 0, 0, 0]]
