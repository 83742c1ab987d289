"""docs/rules.md §3.5: draw; plays by card (suits S H D C, ranks 2..A) then pile (N E S W NE SE SW NW);
moves by source then destination; end_turn; then end_turn with draw false."""

from .helpers import game

SUIT = "SHDC"
RANK = "23456789TJQKA"
PILES = ("N", "E", "S", "W", "NE", "SE", "SW", "NW")


def key(action):
    kind = action["type"]
    if kind == "play":
        c = action["card"]
        return (1, SUIT.index(c[1]), RANK.index(c[0]), PILES.index(action["to"]))
    if kind == "move":
        return (2, PILES.index(action["from"]), PILES.index(action["to"]))
    return (3, 0 if action.get("draw", True) else 1)


def test_the_order_is_canonical():
    state = game(
        [["KD", "8H", "QS", "7C", "KC", "2H"], ["3C"]],
        layout={"N": ["9S"], "E": ["9C", "8D"], "W": ["KS", "QH"]},
        players=2,
        ruleset="corners_jax",
    )
    legal = state.legal_actions()
    assert legal == sorted(legal, key=key)
    kinds = [a["type"] for a in legal]
    assert kinds[-2:] == ["end_turn", "end_turn"] and legal[-1]["draw"] is False
    assert "move" in kinds and kinds.index("move") > max(i for i, k in enumerate(kinds) if k == "play")
