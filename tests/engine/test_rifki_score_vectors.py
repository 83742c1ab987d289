"""Rifki scoring: the test vectors of docs/rules.md §2.11 (TK1-TK10)."""

import pytest

from games.engine import new_game
from games.engine.rifki import RIFKI_UNITS, trump_scores
from games.engine.scoring import negative_scores, negative_total
from tests.engine.helpers import ALL_CARDS, RIFKI_TABLE_TOTAL, RIFKI_UNIT, of_type


def test_tk1_a_trump_hand_pays_50_a_trick():
    assert trump_scores([5, 3, 4, 1]) == [250, 150, 200, 50]
    assert sum(trump_scores([5, 3, 4, 1])) == 650


VECTORS = [
    ("TK2 el almaz costs 50 a trick", {"no_tricks": [2, 4, 3, 4]}, [-100, -200, -150, -200]),
    ("TK3 kupa costs 30 a heart", {"no_hearts": [5, 0, 6, 2]}, [-150, 0, -180, -60]),
    ("TK4 kiz costs 100 a queen", {"no_queens": [2, 1, 0, 1]}, [-200, -100, 0, -100]),
    ("TK5 erkek costs 60 a king or jack", {"no_men": [3, 1, 4, 0]}, [-180, -60, -240, 0]),
    ("TK6 rifki costs the king of hearts taker 320", {"no_king_of_hearts": [0, 0, 0, 1]}, [0, 0, 0, -320]),
    ("TK7 son iki costs 180 for each of the last two tricks", {"no_last_two": [0, 2, 0, 0]}, [0, -360, 0, 0]),
    ("TK8 son iki split between two players", {"no_last_two": [1, 0, 1, 0]}, [-180, 0, -180, 0]),
]


@pytest.mark.parametrize("counts, expected", [v[1:] for v in VECTORS], ids=[v[0] for v in VECTORS])
def test_a_negative_contract_scores_the_rules_vector(counts, expected):
    scores = negative_scores(counts, RIFKI_UNITS)
    assert scores == expected
    (contract,) = counts
    assert sum(scores) == negative_total((contract,), RIFKI_UNITS) == RIFKI_TABLE_TOTAL[contract]


def test_rifki_unit_values_are_those_of_the_rules_table():
    assert RIFKI_UNITS == RIFKI_UNIT


def test_tk10_eight_trump_hands_and_each_negative_twice_sum_to_zero():
    negatives = sum(negative_total((c,), RIFKI_UNITS) for c in RIFKI_UNIT)
    assert negatives == -2600
    assert 8 * sum(trump_scores([4, 3, 3, 3])) + 2 * negatives == 0


# TK9: a Kiz board where each player takes exactly one queen in the first four tricks.
# Declarer P0; play goes counter-clockwise (P0, P3, P2, P1).
#   trick 1: P0 leads QS, P3 2S, P2 3S, P1 4S              -> P0 takes QS
#   trick 2: P0 2H, P3 AH, P2 QH (forced: AH covers it), P1 3H -> P3 takes QH
#   trick 3: P3 2D, P2 AD, P1 QD (forced), P0 3D            -> P2 takes QD
#   trick 4: P2 2C, P1 AC, P0 QC (forced), P3 3C            -> P1 takes QC
KIZ_PLAY = ["QS", "2S", "3S", "4S", "2H", "AH", "QH", "3H", "2D", "AD", "QD", "3D", "2C", "AC", "QC", "3C"]


def kiz_split_hands():
    core = [["QS", "2H", "3D", "QC"], ["4S", "3H", "QD", "AC"], ["3S", "QH", "AD", "2C"], ["2S", "AH", "2D", "3C"]]
    used = {c for h in core for c in h}
    rest = [c for c in ALL_CARDS if c not in used]
    return [core[s] + rest[9 * s : 9 * s + 9] for s in range(4)]


def _play_kiz_split(options):
    state = new_game(
        "rifki", board={"declarer": 0, "hands": kiz_split_hands(), "contract": "no_queens"}, options=options
    )
    events = []
    for card in KIZ_PLAY:
        events += state.apply({"type": "play", "card": card})
    return state, events


def test_tk9_a_kiz_hand_where_each_player_takes_one_queen_is_void_with_kiz_split_cancels():
    state, events = _play_kiz_split({"kiz_split_cancels": True})
    tricks = of_type(events, "trick")
    assert [t["winner"] for t in tricks] == [0, 3, 2, 1]
    cancelled = of_type(events, "deal_cancelled")
    assert len(cancelled) == 1 and cancelled[0]["reason"] == "kiz_split"
    assert of_type(events, "deal_ended") == []
    assert state.is_over  # a board is one deal: the cancelled deal ends it, unscored
    assert state.deal_scores == []
    assert state.scores == [0, 0, 0, 0]


def test_tk9_without_kiz_split_cancels_each_player_pays_100():
    state, events = _play_kiz_split({"kiz_split_cancels": False})
    (ended,) = of_type(events, "deal_ended")
    assert ended["scores"] == [-100, -100, -100, -100]
    assert of_type(events, "deal_cancelled") == []
    assert state.scores == [-100, -100, -100, -100]
