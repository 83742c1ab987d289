"""docs/rules.md §3.5, Jax: chips are shared out each hand; a player out of chips still pays, as a debt
taken off his next win; losers pay 1 chip per card, kings included."""

from games.engine import new_game

from .helpers import board, play


def start(second=("8C", "4C"), **options):
    # 12 chips for 4 players: 3 each, 2 after the ante.
    return new_game(
        "corners_jax",
        board=board([["2C", "5H"], list(second), ["3D"], ["9C"]], layout={"N": "6S"}, dealer=3),
        options={"players": 4, "chips_total": 12, **options},
    )


def table(state):
    return state.view(None)["table"]


def test_a_debt_comes_off_the_winners_points():
    state = start()
    play(state, "keep", "keep", "keep", "keep")  # no play (1) and no draw (1): everyone's last 2 chips
    assert table(state)["chips"] == [0, 0, 0, 0] and table(state)["pot"] == 4 + 8
    play(state, "keep", "keep", "keep", "keep")  # out of chips: 2 more each, owed
    assert table(state)["debts"] == [2, 2, 2, 2] and table(state)["pot"] == 20
    play(state, "5H>N", "2C>E")  # seat 0 goes out; the others owe their cards too
    record = state.deals[0]
    assert record["pot"] == 20 + 2 + 1 + 1
    assert record["debt_repaid"] == 2 and state.deal_scores[0] == [22, 0, 0, 0]
    assert table(state)["debts"] == [0, 4, 3, 3]


def test_without_debts_a_player_pays_only_what_he_has():
    state = start(jax_chip_debt=False)
    play(state, "keep", "keep", "keep", "keep", "keep", "keep", "keep", "keep")
    play(state, "5H>N", "2C>E")
    assert table(state)["debts"] == [0, 0, 0, 0]
    assert state.deals[0]["pot"] == 12 and state.deal_scores[0] == [12, 0, 0, 0]


def test_losers_pay_one_chip_per_card_kings_included():
    state = start(second=("KC", "4C"))
    play(state, "5H>N", "2C>E")
    assert state.deals[0]["pot"] == 4 + 2 + 1 + 1 and state.deal_scores == [[8, 0, 0, 0]]
