"""Cards in the shared wire notation: rank ``23456789TJQKA`` + suit ``SHDC`` (e.g. ``"KH"``).

Cards stay strings everywhere in the engine: they are what actions, events and views
carry, and string keys keep the hot path free of conversions.
"""
from .errors import InvalidBoard, InvalidCard

RANKS = "23456789TJQKA"
SUITS = "SHDC"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

# Canonical order: by suit (S, H, D, C), then by rank, low to high.
DECK = tuple(r + s for s in SUITS for r in RANKS)
DECK_SET = frozenset(DECK)
RANK = {c: RANKS.index(c[0]) for c in DECK}  # 0 for a two, 12 for an ace
ORDER = {c: i for i, c in enumerate(DECK)}  # position in the canonical order

QUEENS = frozenset(c for c in DECK if c[0] == "Q")
MEN = frozenset(c for c in DECK if c[0] in "KJ")
HEARTS = frozenset(c for c in DECK if c[1] == "H")
KING_OF_HEARTS = "KH"
ACE_OF_HEARTS = "AH"
HIGH_CARDS = frozenset(c for c in DECK if c[0] in "JQKA")


def by_suit(cards):
    """A hand grouped by suit: {"S": [...], "H": [...], "D": [...], "C": [...]}, each in rank order.

    Following suit is then a lookup, which keeps the legality check off the hot path.
    """
    hand = {"S": [], "H": [], "D": [], "C": []}
    for c in cards:
        hand[c[1]].append(c)
    for suit in hand.values():
        suit.sort(key=RANK.__getitem__)
    return hand


def flat(hand):
    """The cards of a by-suit hand in canonical order."""
    return hand["S"] + hand["H"] + hand["D"] + hand["C"]


def check_card(card):
    """Return ``card`` if it is a card in the shared notation, else raise InvalidCard."""
    if isinstance(card, str) and card in DECK_SET:
        return card
    raise InvalidCard(
        f"malformed card {card!r}: a card is a rank from {RANKS} followed by a suit from {SUITS}, e.g. 'KH'",
        code="malformed_card",
    )


def sort_cards(cards):
    """Cards in canonical order (suit S, H, D, C; rank two to ace)."""
    return sorted(cards, key=ORDER.__getitem__)


def check_hands(hands, what="board"):
    """Validate four hands that together hold the whole pack once; return them as sorted lists."""
    if not isinstance(hands, (list, tuple)) or len(hands) != 4:
        raise_board(f"{what} needs 'hands': a list of 4 hands of 13 cards")
    seen = {}
    out = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, (list, tuple)):
            raise_board(f"{what} hand {seat} is not a list of cards")
        if len(hand) != 13:
            raise_board(f"{what} hand {seat} has {len(hand)} cards; every hand needs 13")
        for card in hand:
            try:
                check_card(card)
            except InvalidCard as e:
                raise_board(f"{what} hand {seat}: {e.message}")
            if card in seen:
                raise_board(f"{what}: card {card} is in hand {seen[card]} and hand {seat}; each card once")
            seen[card] = seat
        out.append(sort_cards(hand))
    return out


def raise_board(message):
    raise InvalidBoard(message)
