"""Cards that play alike (same suit and penalty, nothing still out between them in rank) are
searched once: the search groups them, and keeps apart cards split by an unseen card or by a
penalty."""

from bots.strategies.montecarlo import equivalent_cards
from games.engine import new_game
from games.engine.cards import DECK

SPADES, HEARTS, DIAMONDS, CLUBS = (list(DECK[13 * i : 13 * (i + 1)]) for i in range(4))


def groups(contract, hands, plays=()):
    state = new_game("king", board={"dealer": 0, "hands": hands, "contract": contract})
    for card in plays:
        state.apply({"type": "play", "card": card})
    return equivalent_cards(state.view(state.to_act))


def test_a_run_of_cards_held_together_is_one_group():
    # Seat 0 holds every spade: leading any of them is the same.
    assert groups("no_tricks", [SPADES, HEARTS, DIAMONDS, CLUBS]) == [SPADES]


def test_a_card_still_out_between_two_cards_keeps_them_apart():
    hands = [SPADES[:6] + HEARTS[:7], SPADES[6:] + HEARTS[7:], DIAMONDS, CLUBS]  # seat 1 holds 8S and up
    assert groups("no_tricks", hands) == [SPADES[:6], HEARTS[:7]]
    hands = [["2S", "4S", "5S"] + SPADES[4:11] + HEARTS[:3], ["3S", "KS", "AS"] + HEARTS[3:], DIAMONDS, CLUBS]
    assert groups("no_tricks", hands) == [["2S"], ["4S", "5S"] + SPADES[4:11], HEARTS[:3]]


def test_a_played_card_between_two_cards_joins_them():
    # Seat 1 holds 2S 4S; seat 0 leads the 3S: seat 1's 2 and 4 are then alike.
    hands = [["3S"] + HEARTS[:12], ["2S", "4S"] + SPADES[3:] + HEARTS[12:], DIAMONDS, CLUBS]
    assert groups("no_tricks", hands, ["3S"]) == [["2S", "4S"] + SPADES[3:]]


def test_a_penalty_card_is_never_grouped_with_a_card_that_is_not():
    # In no_men the J, Q, K of spades are in a row but the J and K are penalty cards.
    hands = [SPADES, HEARTS, DIAMONDS, CLUBS]
    assert groups("no_men", hands) == [SPADES[:9], ["JS"], ["QS"], ["KS"], ["AS"]]
