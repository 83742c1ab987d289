"""Deal records are data (codes and fields); the descriptor turns them into msgids and params."""

from games.engine import RULESETS
from games.engine.playout import contract_label, end_label

from .helpers import game, play


def test_a_record_and_its_words():
    state = game([["5H"], ["KC", "7D"]], layout={"N": "6S"}, players=2, dealer=1)
    play(state, "5H>N")
    record = state.deals[0]
    assert record == {
        "deal": 1,
        "dealer": 1,
        "contract": None,
        "end": "went_out",
        "winner": 0,
        "cards_left": [0, 2],
        "scores": [0, 11],
        "scored": True,
    }
    assert RULESETS["corners"].describe(record) == ("%(player)s went out", {"player": 0})
    assert contract_label("corners", record, names=["Ann", "Bob"]) == "Ann went out"
    assert end_label("corners", record) == "a player went out"
