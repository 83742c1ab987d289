"""Cards in the shared wire notation: rank ``23456789TJQKA`` + suit ``SHDC`` (e.g. ``"KH"``).

Cards are strings in everything the engine hands out or reads: actions, events, views, logs.
Card play in the trick games also numbers them, on its hot path only: card ``i`` is ``DECK[i]``
(its position in the canonical order, so ``i // 13`` is its suit and ``i % 13`` its rank), and a
set of cards (a hand, the cards a seat may play) is an integer with bit ``i`` set for card ``i``.
Following suit is then a mask, and a legal choice one AND, where grouping strings by suit took
list work on every card (``by_suit`` and ``flat`` remain, for the rules written on strings).
"""

# mypyc: compiled (tools/build_engine.py builds every engine module with this line)

from collections.abc import Iterable
from typing import Final

from .errors import InvalidBoard, InvalidCard

RANKS: Final = "23456789TJQKA"
SUITS: Final = "SHDC"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

# Canonical order: by suit (S, H, D, C), then by rank, low to high.
DECK: Final = tuple(r + s for s in SUITS for r in RANKS)
DECK_SET: Final = frozenset(DECK)
RANK: Final[dict[str, int]] = {c: RANKS.index(c[0]) for c in DECK}  # 0 for a two, 12 for an ace
ORDER: Final[dict[str, int]] = {c: i for i, c in enumerate(DECK)}  # position in the canonical order

# Bit sets (module docstring): the cards of each suit, of a card, of a whole pack.
SUIT_BITS: Final[list[int]] = [0x1FFF << (13 * s) for s in range(4)]
SUIT_OF: Final[dict[str, int]] = {s: i for i, s in enumerate(SUITS)}  # "S" -> 0 ... "C" -> 3
CARD_BIT: Final[dict[str, int]] = {c: 1 << i for i, c in enumerate(DECK)}

QUEENS: Final = frozenset(c for c in DECK if c[0] == "Q")
MEN: Final = frozenset(c for c in DECK if c[0] in "KJ")
HEARTS: Final = frozenset(c for c in DECK if c[1] == "H")
KING_OF_HEARTS: Final = "KH"
ACE_OF_HEARTS: Final = "AH"
HIGH_CARDS: Final = frozenset(c for c in DECK if c[0] in "JQKA")


def by_suit(cards: Iterable[str]) -> dict[str, list[str]]:
    """A hand grouped by suit: {"S": [...], "H": [...], "D": [...], "C": [...]}, each in rank order.

    Following suit is then a lookup, which keeps the legality check off the hot path.
    """
    seq: list[str] = cards if isinstance(cards, list) else list(cards)  # a list iterates fastest compiled
    suits: list[list[str]] = [[], [], [], []]
    in_order = True  # hands arrive sorted from the deal and from boards: check, sort only if not
    previous = -1
    for c in seq:
        position = ORDER[c]  # the suit is position // 13: one lookup per card
        suits[position // 13].append(c)
        if position < previous:
            in_order = False
        previous = position
    if not in_order:
        for suit in suits:
            suit.sort(key=RANK.__getitem__)
    return {"S": suits[0], "H": suits[1], "D": suits[2], "C": suits[3]}


def bits_of(cards: Iterable[str]) -> int:
    """The bit set of these cards (module docstring)."""
    bits = 0
    for c in cards:
        bits |= CARD_BIT[c]
    return bits


def cards_of(bits: int) -> list[str]:
    """The cards of a bit set, in canonical order."""
    out: list[str] = []
    while bits:
        low = bits & -bits  # the lowest card left
        out.append(DECK[low.bit_length() - 1])
        bits ^= low
    return out


def card_count(bits: int) -> int:
    """How many cards a bit set holds."""
    n = 0
    while bits:
        bits &= bits - 1
        n += 1
    return n


def flat(hand: dict[str, list[str]]) -> list[str]:
    """The cards of a by-suit hand in canonical order."""
    cards = hand["S"].copy()
    cards += hand["H"]
    cards += hand["D"]
    cards += hand["C"]
    return cards


def check_card(card):
    """Return ``card`` if it is a card in the shared notation, else raise InvalidCard."""
    if isinstance(card, str) and card in DECK_SET:
        return card
    raise InvalidCard(
        f"malformed card {card!r}: a card is a rank from {RANKS} followed by a suit from {SUITS}, e.g. 'KH'",
        code="malformed_card",
    )


def sort_cards(cards: Iterable[str]) -> list[str]:
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
