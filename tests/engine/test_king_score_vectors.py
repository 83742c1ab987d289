"""Brazilian King scoring: the test vectors of docs/rules.md §1.11 (BK1-BK17 and the full game)."""

import pytest

from games.engine import new_game
from games.engine.king import KING_UNITS, forfeit_scores, positive_scores
from games.engine.scoring import negative_scores, negative_total
from tests.engine.helpers import KING_TABLE_TOTAL, KING_UNIT

NEGATIVE_VECTORS = [
    # id, counts {contract: units per seat}, expected
    ("BK1 no tricks costs 20 a trick", {"no_tricks": [4, 3, 5, 1]}, [-80, -60, -100, -20]),
    ("BK2 no hearts costs 20 a heart", {"no_hearts": [6, 2, 5, 0]}, [-120, -40, -100, 0]),
    ("BK3 no queens costs 50 a queen", {"no_queens": [2, 1, 1, 0]}, [-100, -50, -50, 0]),
    ("BK4 no men costs 30 a king or jack", {"no_men": [3, 2, 2, 1]}, [-90, -60, -60, -30]),
    ("BK5 no king of hearts costs its taker 160", {"no_king_of_hearts": [0, 0, 1, 0]}, [0, 0, -160, 0]),
    ("BK6 last two costs 90 a trick", {"no_last_two": [1, 0, 0, 1]}, [-90, 0, 0, -90]),
    (
        "BK15 quick tricks plus last two adds both",
        {"no_tricks": [4, 3, 5, 1], "no_last_two": [0, 0, 2, 0]},
        [-80, -60, -280, -20],
    ),
    (
        "BK16 quick hearts plus king of hearts makes the king cost 180",
        {"no_hearts": [6, 2, 5, 0], "no_king_of_hearts": [0, 0, 1, 0]},
        [-120, -40, -260, 0],
    ),
    (
        "BK17 quick queens plus men adds both",
        {"no_queens": [2, 1, 1, 0], "no_men": [3, 2, 2, 1]},
        [-190, -110, -110, -30],
    ),
]


@pytest.mark.parametrize("counts, expected", [v[1:] for v in NEGATIVE_VECTORS], ids=[v[0] for v in NEGATIVE_VECTORS])
def test_a_negative_hand_scores_the_rules_vector(counts, expected):
    scores = negative_scores(counts, KING_UNITS)
    assert scores == expected
    assert sum(scores) == negative_total(tuple(counts), KING_UNITS) == KING_TABLE_TOTAL["+".join(counts)]


def test_king_unit_values_are_those_of_the_rules_table():
    assert KING_UNITS == KING_UNIT


@pytest.mark.parametrize("contract, total", sorted(KING_TABLE_TOTAL.items()))
def test_each_king_negative_contract_costs_the_table_its_total(contract, total):
    assert negative_total(tuple(contract.split("+")), KING_UNITS) == total


def test_the_six_negatives_and_the_three_quick_hands_both_cost_1300_matching_four_positives():
    singles = sum(negative_total((c,), KING_UNITS) for c in KING_UNIT)
    quick = sum(
        negative_total(tuple(c.split("+")), KING_UNITS)
        for c in ("no_tricks+no_last_two", "no_hearts+no_king_of_hearts", "no_queens+no_men")
    )
    assert singles == quick == -1300 == -4 * 325


POSITIVE_VECTORS = [
    (
        "BK7 beneficiary plays up himself with hearts trump",
        dict(mode="up", tricks=[5, 2, 3, 3], beneficiary=0, bid=None),
        [125, 50, 75, 75],
    ),
    (
        "BK8 beneficiary plays down himself",
        dict(mode="down", tricks=[0, 4, 5, 4], beneficiary=0, bid=None),
        [325, 25, -50, 25],
    ),
    (
        "BK9 an up bid that is made pays the beneficiary",
        dict(mode="up", tricks=[3, 2, 6, 2], beneficiary=0, bid=(2, 5, "up")),
        [200, 50, 25, 50],
    ),
    (
        "BK10 an up bid that fails still pays in full",
        dict(mode="up", tricks=[4, 3, 3, 3], beneficiary=0, bid=(1, 7, "up")),
        [275, -100, 75, 75],
    ),
    (
        "BK11 a down bid moves the beneficiary's tricks to the winner",
        dict(mode="down", tricks=[3, 4, 5, 1], beneficiary=0, bid=(3, 2, "down")),
        [250, 25, -50, 100],
    ),
    (
        "BK12 a down bid absorbs only the tricks the beneficiary won",
        dict(mode="down", tricks=[1, 5, 4, 3], beneficiary=0, bid=(3, 2, "down")),
        [325, -50, 25, 25],
    ),
    (
        "BK12 fixed down payment always moves the whole bid",
        dict(mode="down", tricks=[1, 5, 4, 3], beneficiary=0, bid=(3, 2, "down"), down_payment_mode="fixed"),
        [400, -50, 25, -50],
    ),
    (
        "BK14 an ultimatum refused by all is played down with no payment",
        dict(mode="down", tricks=[2, 4, 3, 4], beneficiary=0, bid=None),
        [175, 25, 100, 25],
    ),
    (
        "example 2 with capped up payment pays only the tricks won",
        dict(mode="up", tricks=[4, 3, 3, 3], beneficiary=0, bid=(1, 7, "up"), up_payment_mode="capped_at_tricks"),
        [175, 0, 75, 75],
    ),
    (
        "example 3 with fixed down payment gives the same as absorb",
        dict(mode="down", tricks=[3, 4, 5, 1], beneficiary=0, bid=(3, 2, "down"), down_payment_mode="fixed"),
        [250, 25, -50, 100],
    ),
]


@pytest.mark.parametrize("case, expected", [v[1:] for v in POSITIVE_VECTORS], ids=[v[0] for v in POSITIVE_VECTORS])
def test_a_positive_hand_scores_the_rules_vector(case, expected):
    case = dict(case)
    scores = positive_scores(case.pop("mode"), case.pop("tricks"), case.pop("beneficiary"), case.pop("bid"), **case)
    assert scores == expected
    assert sum(scores) == 325


def test_bk13_a_forfeit_scores_four_up_for_the_beneficiary_and_three_up_for_the_others():
    assert forfeit_scores(0) == [100, 75, 75, 75]
    assert forfeit_scores(2) == [75, 75, 100, 75]
    assert forfeit_scores(3, (7, 2)) == [50, 50, 50, 175]


def _rotate(seq, shift):
    """Seat s of the vector becomes seat (s + shift) % 4."""
    out = [None] * 4
    for s, v in enumerate(seq):
        out[(s + shift) % 4] = v
    return out


def _full_game_hands():
    """docs/rules.md §1.11 full-game vector, hand by hand (first dealer P0)."""
    neg = [negative_scores(counts, KING_UNITS) for _, counts, _ in NEGATIVE_VECTORS[:6]]
    # hand 7: BK9 rotated to B = P2 (winner P0 at 5 up)
    h7 = positive_scores("up", _rotate([3, 2, 6, 2], 2), 2, ((2 + 2) % 4, 5, "up"))
    # hand 8: BK11 rotated to B = P3 (winner P2 at 2 down)
    h8 = positive_scores("down", _rotate([3, 4, 5, 1], 3), 3, ((3 + 3) % 4, 2, "down"))
    # hand 9: forfeit with B = P0
    h9 = forfeit_scores(0)
    # hand 10: BK14 rotated to B = P1 (ultimatum refused: B plays down, no payment)
    h10 = positive_scores("down", _rotate([2, 4, 3, 4], 1), 1, None)
    return neg + [h7, h8, h9, h10]


def test_the_rotated_positive_hands_of_the_full_game_are_those_of_the_rules():
    hands = _full_game_hands()
    assert hands[6] == [25, 50, 200, 50]
    assert hands[7] == [25, -50, 100, 250]
    assert hands[8] == [100, 75, 75, 75]
    assert hands[9] == [25, 175, 25, 100]


def test_the_full_game_vector_totals_minus_305_40_minus_70_335_and_sums_to_zero():
    hands = _full_game_hands()
    totals = [sum(h[s] for h in hands) for s in range(4)]
    assert totals == [-305, 40, -70, 335]
    assert sum(totals) == 0
    assert [sum(h) for h in hands[6:]] == [325] * 4


def _finished_king_state(scores, positive_totals=(0, 0, 0, 0), tie_policy="shared"):
    state = new_game("king", seed=b"winner-check", options={"tie_policy": tie_policy})
    state.scores = list(scores)
    state.positive_totals = list(positive_totals)
    return state


def test_the_engine_names_p3_the_winner_of_the_full_game_vector():
    hands = _full_game_hands()
    totals = [sum(h[s] for h in hands) for s in range(4)]
    assert _finished_king_state(totals)._winners() == [3]


def test_a_tie_for_the_highest_total_is_shared_by_default():
    assert _finished_king_state([100, 100, -150, -50])._winners() == [0, 1]


def test_a_tie_is_broken_on_the_positive_phase_total_when_asked():
    state = _finished_king_state(
        [100, 100, -150, -50], positive_totals=[300, 400, 300, 300], tie_policy="positive_phase_total"
    )
    assert state._winners() == [1]
