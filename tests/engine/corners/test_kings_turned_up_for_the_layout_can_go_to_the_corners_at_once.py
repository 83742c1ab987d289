"""docs/rules.md §3.5, setup_king_handling auto_corner_refill_from_stock: a king dealt to the base goes
to the corners in the order NE, SE, SW, NW and its space is refilled from the stock."""

from .helpers import events_of, game


def test_base_kings_fill_the_corners_in_order_and_are_replaced_from_the_stock():
    state = game(
        [["2C"], ["3C"]],
        layout={"N": "KD", "E": "5S", "W": "KH"},
        stock=["KS", "9D"],
        players=2,
        setup_king_handling="auto_corner_refill_from_stock",
    )
    moved = [(e["from"], e["to"], e["card"], e["refill"]) for e in events_of(state, "layout_king_cornered")]
    # N's king to NE, refilled with KS, which goes to SE in turn, refilled with 9D; then W's king to SW.
    assert moved[:2] == [("N", "NE", "KD", "KS"), ("N", "SE", "KS", "9D")]
    assert moved[2][:3] == ("W", "SW", "KH")
    piles = state.view(0)["table"]["piles"]
    assert piles["NE"] == ["KD"] and piles["SE"] == ["KS"] and piles["SW"] == ["KH"] and piles["N"] == ["9D"]
    assert state.to_act == 0


def test_a_joker_on_top_of_the_stock_goes_under_it_and_the_next_card_refills_the_space():
    # Freeman's jokers with auto refill: like a joker turned up in the deal, it is set under the stock.
    state = game(
        [["2C"], ["3C"]],
        layout={"N": "KD", "E": "5S"},
        stock=["X1", "X2", "9D", "8S"],
        players=2,
        jokers_wild=True,
        setup_king_handling="auto_corner_refill_from_stock",
    )
    moved = [(e["from"], e["to"], e["card"], e["refill"]) for e in events_of(state, "layout_king_cornered")]
    assert moved == [("N", "NE", "KD", "9D")]
    assert state.view(0)["table"]["piles"]["N"] == ["9D"]
    assert state.stock[:2] == ["X2", "X1"] and state.stock[-1] == "8S"  # X1 set under first, then X2 under it
    assert {"type": "end_turn"} in state.legal_actions()  # no bare joker on a pile trips the rules
