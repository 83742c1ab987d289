"""KC1-KC5 (docs/rules.md §3.4): the cards left in hand at the end of a hand, per scoring."""

import pytest

from .helpers import game, play


def test_kc1_pagat_base():
    # P1 (seat 0) goes out; P2 holds K, 7, 2; P3 holds an ace.
    state = game([["5H"], ["KC", "7D", "2S"], ["AH"]], layout={"N": "6S"}, dealer=2)
    play(state, "5H>N")
    assert state.deal_scores == [[0, 12, 1]]
    assert state.deals[0]["winner"] == 0 and state.deals[0]["end"] == "went_out"


@pytest.mark.parametrize(
    "scoring, hand, expected",
    [
        ("pips_a25", ["AS", "QH", "7D"], 25 + 10 + 7),  # KC2
        ("stofka_50_10_5", ["AS", "TH", "9D"], 50 + 10 + 5),  # KC3
        ("kleplek_10_5_1", ["KS", "8H", "4D"], 10 + 5 + 1),  # KC4
        ("robinson_face", ["JS", "TH", "AD"], 11 + 10 + 1),  # KC5
    ],
)
def test_kc2_to_kc5(scoring, hand, expected):
    state = game(
        [["5H", "2C"], hand],
        layout={"N": "6S", "E": "3D"},
        dealer=1,
        scoring=scoring,
        kleplek_first_turn_out_bonus=False,
    )
    play(state, "5H>N", "2C>E")
    assert state.deal_scores == [[0, expected]]
