"""docs/rules.md §3.4's scoring vectors, entered at a score table as the table tells each hand
(who went out, the cards left and what they are, the penalties charged), score as documented:
the table scores with the played game's own scoring."""

import pytest

from games.engine import new_score_table


def scored(ruleset, players, entry, **options):
    table = new_score_table(ruleset, first=players - 1, options={"players": players, **options})
    table.apply({"type": "enter", "deal": 1, **entry})
    return table.deal_scores[0]


def test_kc1_a_king_is_10_and_every_other_card_1():
    entry = {"winner": 0, "taken": {"cards_left": [0, 3, 1], "kings": [0, 1, 0]}}
    assert scored("corners", 3, entry) == [0, 12, 1]


@pytest.mark.parametrize(
    "scoring, ranks, points",
    [
        ("pips_a25", ["A", "Q", "7"], 42),  # KC2
        ("stofka_50_10_5", ["A", "T", "9"], 65),  # KC3
        ("kleplek_10_5_1", ["K", "8", "4"], 16),  # KC4
        ("robinson_face", ["J", "T", "A"], 22),  # KC5
    ],
)
def test_kc2_to_kc5_the_scorings_that_charge_by_rank(scoring, ranks, points):
    entry = {"winner": 0, "taken": {}, "ranks": [[], ranks]}
    assert scored("corners", 2, entry, scoring=scoring) == [0, points]


def test_kc6_the_chips_pot_pays_the_winner_the_pot_and_a_chip_a_card():
    # ante 4; P2 two turns without a play, P4 one: the pot is 7; P2 holds a king and two others
    entry = {"winner": 0, "taken": {"cards_left": [0, 3, 3, 1], "kings": [0, 1, 0, 0], "penalties": [0, 2, 0, 1]}}
    assert scored("corners", 4, entry, scoring="chips_pot") == [22, -15, -4, -3]


def test_kc7_the_jax_winner_scores_the_pot():
    # ante 4; a turn without a play (1), a refused draw (1), a king held by P4 (3); 4 + 2 + 5 cards
    entry = {"winner": 0, "taken": {"cards_left": [0, 4, 2, 5], "penalties": [0, 1, 1, 3]}}
    assert scored("corners_jax", 4, entry) == [20, 0, 0, 0]
