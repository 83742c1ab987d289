"""The heuristic in the negative contracts (and the King down hand): it keeps out of tricks by
ducking under the card that wins, sheds penalty cards and high cards when it safely can, leads
where the others must go over it, and spends high cards while a trick costs nothing."""

import pytest

from bots.strategies import heuristic
from games.engine.cards import DECK
from tests.bots.strategies.helpers import position_in_play

SPADES, HEARTS, DIAMONDS, CLUBS = (list(DECK[13 * i : 13 * (i + 1)]) for i in range(4))


def king_deal(contract, hands, plays=(), **board):
    """The heuristic's card for the seat to act in a King deal dealt by seat 0 (who leads)."""
    state = position_in_play("king", hands, plays, dealer=0, contract=contract, **board)
    return heuristic.choose(state.view(state.to_act))["card"]


def swap(hands, a, b):
    """The four hands with cards ``a`` and ``b`` exchanged between their holders."""
    out = [list(h) for h in hands]
    ha = next(h for h in out if a in h)
    hb = next(h for h in out if b in h)
    ha[ha.index(a)], hb[hb.index(b)] = b, a
    return out


def test_a_seat_void_in_the_suit_led_discards_a_queen_in_no_queens():
    # Seat 0 holds every spade and leads one; seat 1 has no spade and holds the Q of hearts.
    assert king_deal("no_queens", [SPADES, HEARTS, DIAMONDS, CLUBS], ["2S"]) == "QH"


def test_a_seat_void_in_the_suit_led_discards_its_highest_heart_in_no_hearts():
    assert king_deal("no_hearts", [SPADES, HEARTS, DIAMONDS, CLUBS], ["2S"]) == "AH"


@pytest.mark.parametrize("contract", ["no_tricks", "no_men", "no_king_of_hearts"])
def test_a_seat_that_can_duck_plays_its_highest_card_under_the_winner(contract):
    # Seat 1 follows the K of spades holding the A, Q and 2: the queen is the highest that loses.
    hands = swap(swap([SPADES, HEARTS, DIAMONDS, CLUBS], "AS", "2H"), "QS", "3H")
    assert king_deal(contract, hands, ["KS"]) == "QS"


def test_in_no_men_a_seat_that_can_duck_sheds_a_penalty_card_onto_the_winner():
    # Under the A of spades seat 1 may play the K, J or 10: the K and J cost whoever takes them,
    # so one goes onto the ace's trick, the higher first (it is the harder to lose later).
    hands = swap(swap(swap([SPADES, HEARTS, DIAMONDS, CLUBS], "KS", "2H"), "JS", "3H"), "TS", "4H")
    assert king_deal("no_men", hands, ["AS"]) == "KS"


def test_a_seat_last_to_play_that_must_win_takes_the_trick_with_its_highest_card():
    # Seat 3 holds only the A and K of spades besides clubs; 2, 3 and 4 of spades are played.
    hands = swap(swap([SPADES, HEARTS, DIAMONDS, CLUBS], "AS", "2C"), "KS", "3C")
    hands = swap(swap(hands, "3S", "2H"), "4S", "2D")
    assert king_deal("no_tricks", hands, ["2S", "3S", "4S"]) == "AS"


def test_a_seat_that_cannot_duck_and_is_followed_plays_its_lowest_card():
    # Seat 1 holds only the K and A of spades above the 2 led; seats 2 and 3 are still to play.
    hands = swap(swap([SPADES, HEARTS, DIAMONDS, CLUBS], "AS", "2H"), "KS", "3H")
    assert king_deal("no_tricks", hands, ["2S"]) == "KS"


def test_the_leader_leads_a_low_card_the_others_must_go_over():
    # Seat 0 holds the 2 of spades and the aces of the other suits.
    hands = swap(swap(swap([SPADES, HEARTS, DIAMONDS, CLUBS], "AH", "3S"), "AD", "4S"), "AC", "5S")
    assert king_deal("no_tricks", hands) == "2S"


def test_the_leader_spends_its_highest_card_while_no_last_two_costs_nothing():
    hands = swap(swap([SPADES, HEARTS, DIAMONDS, CLUBS], "AH", "3S"), "AD", "4S")
    assert king_deal("no_last_two", hands) in ("AS", "AH", "AD")


def test_the_down_hand_is_played_to_lose_tricks_like_no_tricks():
    hands = swap(swap([SPADES, HEARTS, DIAMONDS, CLUBS], "AS", "2H"), "QS", "3H")
    assert king_deal("positive", hands, ["KS"], mode="down") == "QS"
