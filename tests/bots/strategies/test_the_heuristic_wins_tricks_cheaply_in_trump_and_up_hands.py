"""The heuristic in the hands played to win tricks (Rifki trump contracts, the King up hand):
win as cheaply as possible, ruff low, play low when it cannot win, and lead its sure winners,
trumps first while the others still hold trumps."""

import pytest

from bots.strategies import heuristic
from games.engine.cards import DECK
from tests.bots.strategies.helpers import position_in_play

# Spades are trumps throughout and seat 0 leads; no misdeal claims interrupt the Rifki deal.
TRUMP_HANDS = {
    "king up": ("king", dict(dealer=0, contract="positive", mode="up", trump="S")),
    "rifki trump": (
        "rifki",
        dict(declarer=0, contract="trump", trump="S", options={"misdeal_trump_no_high_cards": "off"}),
    ),
}


def card_played(kind, given, plays=(), voids=()):
    """The heuristic's card for the seat to act, on a deal where the hands, in order of play from
    the leader, hold the ``given`` cards and are filled up from the rest of the pack (never with
    the suits in ``voids``, a (position, suit) list)."""
    ruleset, board = TRUMP_HANDS[kind]
    order = [0, 1, 2, 3] if ruleset == "king" else [0, 3, 2, 1]  # Rifki plays counter-clockwise
    rest = [c for c in DECK if not any(c in g for g in given)]
    hands = [list(g) for g in given]
    for position in sorted(range(4), key=lambda p: p not in dict(voids)):  # constrained hands first
        avoid = {suit for p, suit in voids if p == position}
        fill = [c for c in rest if c[1] not in avoid][: 13 - len(hands[position])]
        hands[position] += fill
        rest = [c for c in rest if c not in fill]
    state = position_in_play(ruleset, [hands[order.index(seat)] for seat in range(4)], plays, **board)
    return heuristic.choose(state.view(state.to_act))["card"]


@pytest.mark.parametrize("kind", TRUMP_HANDS)
def test_the_last_player_wins_with_its_cheapest_winning_card(kind):
    given = [["5D"], ["9D"], ["3D"], ["KD", "AD"]]
    assert card_played(kind, given, ["5D", "9D", "3D"]) == "KD"


@pytest.mark.parametrize("kind", TRUMP_HANDS)
def test_a_void_last_player_ruffs_with_its_lowest_trump(kind):
    given = [["5D"], ["9D"], ["3D"], ["2S", "QS"]]
    assert card_played(kind, given, ["5D", "9D", "3D"], voids=[(3, "D")]) == "2S"


@pytest.mark.parametrize("kind", TRUMP_HANDS)
def test_a_player_that_cannot_win_plays_its_lowest_card(kind):
    given = [["AD"], ["2D", "7D", "KD"], [], []]
    assert card_played(kind, given, ["AD"], voids=[(1, "D")]) == "2D"


@pytest.mark.parametrize("kind", TRUMP_HANDS)
def test_a_player_that_may_be_beaten_later_plays_low_rather_than_a_doubtful_winner(kind):
    # The Q of diamonds would beat the 9 led, but the A and K are still out behind it.
    given = [["9D"], ["2D", "QD"], ["AD"], ["KD"]]
    assert card_played(kind, given, ["9D"]) == "2D"


def test_the_up_leader_draws_trumps_with_a_sure_winner_while_the_others_hold_trumps():
    given = [["AS", "KS", "5S", "AH"], [], [], []]
    assert card_played("king up", given) in ("AS", "KS")


def test_the_rifki_leader_cashes_a_side_ace_while_trumps_may_not_be_led():
    # Under the default trump_lead_restriction no trump may be led before one has been played.
    given = [["AS", "KS", "5S", "AH"], [], [], []]
    assert card_played("rifki trump", given) == "AH"
