"""docs/rules.md §3.2, Becker: the hand cannot end while the stock has cards; a player who plays his last
card draws; a drawn card that fits an empty space must be played there and he draws again;
otherwise he keeps it and the turn passes."""

from .helpers import events_of, game, play


def test_the_drawn_card_fills_an_empty_space_then_he_draws_again_and_keeps_a_card_that_fits_none():
    state = game(
        [["5H"], ["3C"]],
        layout={"N": "6S", "E": "2D", "S": "2H", "W": "2S"},
        stock=["9D", "8C"],
        players=2,
        becker_rules=True,
        deal_size=4,
    )
    play(state, "5H>N")
    assert not state.deals  # the stock has cards: no going out
    placed = events_of(state, "card_placed")
    # 9D fits no empty base (none) but... the layout is full, so 9D is kept and the turn passes.
    assert placed == [] and state.hand(0) == ["9D"] and state.to_act == 1


def test_a_drawn_card_goes_into_an_empty_space():
    state = game(
        [["5H"], ["3C"]],
        layout={"N": "6S", "E": "2D", "S": "2H"},
        stock=["9D", "8C"],
        players=2,
        becker_rules=True,
        deal_size=4,
    )
    play(state, "5H>N")
    assert [(e["card"], e["to"]) for e in events_of(state, "card_placed")] == [("9D", "W")]
    assert state.hand(0) == ["8C"] and state.to_act == 1
