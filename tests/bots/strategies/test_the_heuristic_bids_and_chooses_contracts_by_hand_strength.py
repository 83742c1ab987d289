"""The heuristic's decisions before the first card follow the strength of the hand: a long
strong suit becomes trumps, a hand of small cards plays down (or issues the ultimatum), the
auction is entered only by hands that can afford the bid, and a Rifki declarer names the
contract its hand suits."""

from bots.strategies import heuristic
from games.engine import new_game
from games.engine.cards import DECK

LONG_SPADES = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "AH", "KH", "AD", "AC", "KC", "QC"]
SMALL_CARDS = ["2S", "3S", "4S", "5S", "2H", "3H", "4H", "2D", "3D", "4D", "2C", "3C", "4C"]
MIDDLING = ["AS", "9S", "4S", "KH", "8H", "3H", "2H", "QD", "7D", "5D", "JC", "6C", "3C"]


def deal_giving(seat, hand):
    rest = [c for c in DECK if c not in hand]
    hands = [rest[i * 13 : (i + 1) * 13] for i in range(3)]
    hands.insert(seat, list(hand))
    return hands


def positive_deal(seat, hand, actions=(), options=None):
    """A King positive hand dealt by seat 0, with ``hand`` at ``seat``, after ``actions``."""
    state = new_game(
        "king", board={"dealer": 0, "hands": deal_giving(seat, hand), "contract": "positive"}, options=options
    )
    for action in actions:
        state.apply(action)
    return state


def decision(state):
    return heuristic.choose(state.view(state.to_act))


def test_a_beneficiary_with_a_long_strong_suit_plays_up_with_it_as_trumps():
    assert decision(positive_deal(0, LONG_SPADES)) == {"type": "choose", "mode": "up", "trump": "S"}


def test_a_beneficiary_with_only_small_cards_dares_the_others_to_take_eight_up():
    assert decision(positive_deal(0, SMALL_CARDS)) == {"type": "ultimatum"}


def test_a_beneficiary_with_only_small_cards_plays_down_when_there_is_no_ultimatum():
    state = positive_deal(0, SMALL_CARDS, options={"ultimatum_enabled": False})
    assert decision(state) == {"type": "choose", "mode": "down"}


def test_a_beneficiary_with_a_middling_hand_opens_the_auction():
    assert decision(positive_deal(0, MIDDLING)) == {"type": "open_auction"}


def test_only_a_bidder_that_can_afford_it_bids():
    opened = [{"type": "open_auction"}]
    assert decision(positive_deal(1, LONG_SPADES, opened)) == {"type": "bid", "tricks": 1, "direction": "up"}
    assert decision(positive_deal(1, SMALL_CARDS, opened)) == {"type": "bid", "tricks": 1, "direction": "down"}
    assert decision(positive_deal(1, MIDDLING, opened)) == {"type": "pass"}


def test_the_winner_of_an_up_bid_names_its_long_suit_as_trumps():
    won = [
        {"type": "open_auction"},
        {"type": "bid", "tricks": 1, "direction": "up"},
        {"type": "pass"},
        {"type": "pass"},
        {"type": "accept"},
    ]
    assert decision(positive_deal(1, LONG_SPADES, won)) == {"type": "choose", "mode": "up", "trump": "S"}


def test_a_strong_beneficiary_declines_a_cheap_bid_and_plays_the_hand_itself():
    cheap = [
        {"type": "open_auction"},
        {"type": "bid", "tricks": 1, "direction": "up"},
        {"type": "pass"},
        {"type": "pass"},
    ]
    assert decision(positive_deal(0, LONG_SPADES, cheap)) == {"type": "decline"}


def rifki_contract(hand):
    state = new_game("rifki", board={"declarer": 0, "hands": deal_giving(0, hand)})
    return decision(state)


def test_a_rifki_declarer_with_a_long_strong_suit_names_it_trumps():
    assert rifki_contract(LONG_SPADES) == {"type": "contract", "name": "trump", "suit": "S"}


def test_a_rifki_declarer_with_only_small_cards_names_no_tricks():
    assert rifki_contract(SMALL_CARDS) == {"type": "contract", "name": "no_tricks"}
