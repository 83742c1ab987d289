"""Rough hand evaluation for the decisions taken before the first card: which contract, which
trump, how high to bid. It only has to rank choices sensibly, not predict exact scores.

The weights were fitted on seeded deals played out by the heuristic for all four seats; each
one says what the card or feature adds to its holder's tricks, or to its chance of taking a
penalty card it holds.
"""

from games.engine.cards import RANK, by_suit

ACE, KING, QUEEN, JACK, TEN, NINE, EIGHT = 12, 11, 10, 9, 8, 7, 6
FIVE = 3

# Playing to lose tricks (no_tricks, the King down hand): what each high card adds to its
# holder's tricks, and what a short suit (discards) and a small card (an exit) take away.
DUCKING_TRICKS = {ACE: 1.07, KING: 1.04, QUEEN: 0.9, JACK: 0.74, TEN: 0.56, NINE: 0.37, EIGHT: 0.25}
DUCKING_SHORT_SUIT = 0.8
DUCKING_SMALL_CARD = 0.27  # each card from the two to the five
DUCKING_BASE = 0.3

# Chance that a penalty card ends in its own holder's tricks when no smaller card of its suit
# guards it; each smaller card of the suit in the hand multiplies the chance by GUARD.
HELD_PENALTY_TAKEN = {ACE: 0.9, KING: 0.9, QUEEN: 0.85, JACK: 0.75, TEN: 0.5, NINE: 0.45, EIGHT: 0.4}
SMALL_PENALTY_TAKEN = 0.2
GUARD = 0.6


def tricks_when_winning(hand, trump):
    """Tricks a hand expects when it tries to win them, with ``trump`` a suit or None."""
    suits = by_suit(hand)
    tricks = 0.0
    for suit, cards in suits.items():
        tricks += _honour_tricks(cards)
        length = len(cards)
        if suit == trump:
            tricks += 0.9 * max(0, length - 3)  # long trumps win once the others' trumps are gone
        elif trump is None and length > 4 and RANK[cards[-1]] >= KING:
            tricks += 0.5 * (length - 4)  # a long suit headed by A or K runs in no trump
    if trump is not None:
        # Short side suits let spare trumps ruff.
        shortness = sum(max(0, 2 - len(cards)) for suit, cards in suits.items() if suit != trump)
        tricks += min(shortness, max(0, len(suits[trump]) - 2)) * 0.8
    return min(tricks, 13.0)


def _honour_tricks(cards):
    """Tricks from a suit's top cards; a king or queen needs smaller cards to wait with."""
    length = len(cards)
    tricks = 0.0
    for card in cards:
        rank = RANK[card]
        if rank == ACE:
            tricks += 1.0
        elif rank == KING:
            tricks += 0.75 if length >= 2 else 0.25
        elif rank == QUEEN:
            tricks += 0.4 if length >= 3 else 0.1
        elif rank == JACK and length >= 4:
            tricks += 0.15
    return tricks


def tricks_when_ducking(hand):
    """Tricks a hand expects to take when it tries to take none (no_tricks, King down)."""
    suits = by_suit(hand)
    tricks = sum(DUCKING_TRICKS.get(RANK[c], 0.0) for c in hand) - DUCKING_BASE
    tricks -= DUCKING_SHORT_SUIT * sum(1 for cards in suits.values() if len(cards) <= 1)
    tricks -= DUCKING_SMALL_CARD * sum(1 for c in hand if RANK[c] <= FIVE)
    return max(0.0, tricks)


def held_penalty_taken(card, hand_by_suit):
    """Chance that a penalty card ends in the tricks of the hand that holds it."""
    smaller = sum(1 for c in hand_by_suit[card[1]] if RANK[c] < RANK[card])
    return HELD_PENALTY_TAKEN.get(RANK[card], SMALL_PENALTY_TAKEN) * GUARD**smaller


def points_in_negative(hand, contract):
    """The points (zero or less) a hand expects to take in a negative ``Contract``."""
    suits = by_suit(hand)
    tricks = tricks_when_ducking(hand)
    share = tricks / 13  # the part of the others' cards that will land in my tricks
    points = contract.trick_points * tricks + contract.last_two_points * 2 * share
    for card, cost in contract.card_costs.items():
        points -= cost * (held_penalty_taken(card, suits) if card in hand else share)
    return points
