"""Fair, checkable deals (docs/architecture.md §3.4).

Shuffle algorithm ``SHUFFLE_VERSION = "hmac-sha256-fy-v1"``; anyone can re-derive a deal
# mypyc: compiled (tools/build_engine.py builds every engine module with this line)

from the revealed seed and the deal key:

1. ``k = HMAC-SHA256(key=seed, msg="kingrifki/v1/" + deal_key)`` (deal key in UTF-8).
2. A byte stream: ``HMAC-SHA256(key=k, msg=i as 8 bytes big-endian)`` for i = 0, 1, 2, ...
3. Start from the pack in canonical order (suits S, H, D, C; ranks 2 to A). For i from 51
   down to 1, draw ``j`` uniformly from 0..i and swap positions i and j (Fisher-Yates).
   A draw reads one byte ``b`` and rejects it when ``b >= 256 - 256 % (i + 1)``, so
   ``j = b % (i + 1)`` has no modulo bias.
4. The shuffled card at position p goes to seat ``(first + p * step) % 4``: one card at a
   time, starting with the player after the dealer in the ruleset's direction.

Seeded draws that are not shuffles (a random first dealer) use the same stream with their
own deal key, taking one unbiased draw from 0..n-1.
"""

import hashlib
from hashlib import sha256
from typing import Any

from .cards import DECK, cards_of
from .errors import InvalidOptions

SHUFFLE_VERSION = "hmac-sha256-fy-v1"
_PREFIX = b"kingrifki/v1/"
_IPAD = bytes([x ^ 0x36 for x in range(256)])  # byte translations that XOR a key with ipad / opad
_OPAD = bytes([x ^ 0x5C for x in range(256)])


def seed_bytes(seed):
    """Seeds may be given as bytes, text (UTF-8) or a non-negative integer (its decimal digits)."""
    if isinstance(seed, bytes):
        value = seed
    elif isinstance(seed, str):
        value = seed.encode()
    elif isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0:
        value = str(seed).encode()
    else:
        raise InvalidOptions(f"seed must be bytes, text or a non-negative integer, not {seed!r}", code="invalid_seed")
    if not value:
        raise InvalidOptions("seed must not be empty", code="invalid_seed")
    return value


def seed_commitment(seed):
    """SHA-256 of the seed, published before play so the seed can be checked when revealed."""
    return hashlib.sha256(seed_bytes(seed)).hexdigest()


def _stream(seed: bytes, deal_key: str, blocks: int) -> bytes:
    """The first ``blocks`` 32-byte blocks of the byte stream of step 2."""
    k = _hmac_sha256(seed, _PREFIX + deal_key.encode())
    # HMAC-SHA256 by RFC 2104, spelled out: hmac.digest() costs more than the four hashes.
    key = k.ljust(64, b"\0")
    ipad = key.translate(_IPAD)
    opad = key.translate(_OPAD)
    out = b""
    for i in range(blocks):
        out += sha256(opad + sha256(ipad + i.to_bytes(8, "big")).digest()).digest()
    return out


def _hmac_sha256(key: bytes, message: bytes) -> bytes:
    if len(key) > 64:
        key = sha256(key).digest()  # RFC 2104: a key longer than a block is hashed first
    key = key.ljust(64, b"\0")
    return sha256(key.translate(_OPAD) + sha256(key.translate(_IPAD) + message).digest()).digest()


_LIMITS: list[int] = [0] + [256 - 256 % n for n in range(1, 257)]  # rejection limits, so draws are unbiased


def _draws(seed: bytes, deal_key: str, sizes: tuple[int, ...]) -> list[int]:
    """One unbiased draw from 0..n-1 for each n in ``sizes``, in order, from one stream."""
    # A whole shuffle almost always fits in 64 bytes (about 58 on average), a few draws in 32.
    blocks = 2 if len(sizes) > 8 else 1
    stream = _stream(seed, deal_key, blocks)
    out = []
    pos = 0
    for n in sizes:
        limit = _LIMITS[n]
        while True:
            if pos == len(stream):
                blocks *= 2
                stream = _stream(seed, deal_key, blocks)
            b = stream[pos]
            pos += 1
            if b < limit:
                out.append(b % n)
                break
    return out


_SHUFFLE_SIZES = tuple(range(52, 1, -1))  # Fisher-Yates draws from 0..i for i = 51 down to 1


def _shuffled_positions(seed: Any, deal_key: str) -> list[int]:
    """The shuffle as positions in the canonical deck (ints sort faster than cards).

    The draws of ``_draws`` for sizes 52 down to 2, taken inline: a deal is dealt on every
    hand of every game, and this loop is most of its cost."""
    raw = seed_bytes(seed)
    blocks = 2
    stream = _stream(raw, deal_key, blocks)
    end = len(stream)
    limits = _LIMITS
    deck = list(range(52))
    pos = 0
    for i in range(51, 0, -1):
        n = i + 1
        limit = limits[n]
        b = stream[pos]
        pos += 1
        while b >= limit:
            if pos == end:
                blocks *= 2
                stream = _stream(raw, deal_key, blocks)
                end = len(stream)
            b = stream[pos]
            pos += 1
        j = b % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def shuffled_deck(seed: Any, deal_key: str) -> list[str]:
    """The 52 cards in shuffled order for this seed and deal key."""
    return [DECK[p] for p in _shuffled_positions(seed, deal_key)]


def deal_hands(seed: Any, deal_key: str, first: int, step: int) -> list[list[str]]:
    """Four sorted hands of 13, dealt one card at a time from seat ``first`` in steps of ``step``."""
    return deal_grouped(seed, deal_key, first, step)[0]


def deal_grouped(seed: Any, deal_key: str, first: int, step: int) -> tuple[list[list[str]], list[dict[str, list[str]]]]:
    """``deal_hands``, and the same hands grouped by suit as play keeps them (``cards.by_suit``),
    in separate lists: a state deals a hand every deal, and grouping here needs no card lookup."""
    deck = _shuffled_positions(seed, deal_key)
    # The card at shuffled position k goes to seat (first + k * step) % 4; walking the pack in
    # canonical order and handing each card to its seat gives every hand, and every suit of it,
    # sorted (the suit of position p is p // 13).
    seats = [(first + r * step) % 4 for r in range(4)]
    seat_of = [0] * 52
    for k in range(52):
        seat_of[deck[k]] = seats[k % 4]
    hands: list[list[str]] = [[], [], [], []]
    suits: list[list[list[str]]] = [[[], [], [], []] for _ in range(4)]
    for p in range(52):
        seat = seat_of[p]
        card = DECK[p]
        hands[seat].append(card)
        suits[seat][p // 13].append(card)
    grouped = [{"S": s[0], "H": s[1], "D": s[2], "C": s[3]} for s in suits]
    return hands, grouped


def deal_bits(seed: Any, deal_key: str, first: int, step: int) -> tuple[list[list[str]], list[int]]:
    """``deal_hands``, and the same hands as the bit sets card play keeps them in (``cards``'
    module docstring), both built from the shuffle's positions without looking up a card."""
    deck = _shuffled_positions(seed, deal_key)
    # Shuffled position k goes to the (k % 4)-th seat dealt to: gather the four bit sets in
    # locals (a compiled engine keeps them unboxed), then hand them to their seats.
    a = b = c = d = 0
    k = 0
    while k < 52:
        a |= 1 << deck[k]
        b |= 1 << deck[k + 1]
        c |= 1 << deck[k + 2]
        d |= 1 << deck[k + 3]
        k += 4
    dealt = [a, b, c, d]
    bits = [0, 0, 0, 0]
    for r in range(4):
        bits[(first + r * step) % 4] = dealt[r]
    return [cards_of(h) for h in bits], bits


def seeded_draw(seed, deal_key, n):
    """One unbiased draw from 0..n-1 for this seed and key."""
    return _draws(seed_bytes(seed), deal_key, (n,))[0]


# ----------------------------------------------------------------------------- Kings in the Corner
# The layout deal of Kings in the Corner (docs/rules.md §3.5), labelled LAYOUT_SHUFFLE_VERSION in the
# game_started event of a Corners game. Steps 1-3 above are unchanged, applied to the pack of the
# game: the 52 cards in canonical order, followed by the jokers "X1", "X2" when jokers are wild
# (54 cards: Fisher-Yates draws j from 0..i for i = 53 down to 1). For 52 cards the shuffle is
# exactly King's. The shuffled pack is then dealt from position 0 (the top):
#   a. positions 0 .. n*size-1, one card at a time: card k to seat (first + k * step) % n;
#   b. the next cards are turned up for the base spaces N, E, S, W in that order; a joker met
#      there is set aside and the next card turned instead;
#   c. the rest, followed by any jokers set aside (in the order met), is the stock, top first;
#      a board lists the stock with its top card LAST, so ``stock.pop()`` draws.
LAYOUT_SHUFFLE_VERSION = "hmac-sha256-fy-layout-v1"
CORNERS_JOKERS = ("X1", "X2")


def _shuffled_pack(seed: Any, deal_key: str, pack: tuple[str, ...]) -> list[str]:
    """``pack`` shuffled by steps 1-3 (any size up to 256 cards)."""
    order = list(range(len(pack)))
    i = len(pack) - 1
    for j in _draws(seed_bytes(seed), deal_key, tuple(range(len(pack), 1, -1))):
        order[i], order[j] = order[j], order[i]
        i -= 1
    return [pack[p] for p in order]


def layout_deal(
    seed: Any, deal_key: str, num_seats: int, first: int, step: int, deal_size: int, jokers: bool = False
) -> tuple[list[list[str]], dict[str, str], list[str]]:
    """A Kings in the Corner deal: (hands in dealing order, the four base cards, the stock with
    its top card last), by steps a-c above. Hands keep the order the cards were dealt."""
    pack = DECK + CORNERS_JOKERS if jokers else DECK
    cards = _shuffled_pack(seed, deal_key, pack)
    hands: list[list[str]] = [[] for _ in range(num_seats)]
    dealt = num_seats * deal_size
    for k in range(dealt):
        hands[(first + k * step) % num_seats].append(cards[k])
    layout: dict[str, str] = {}
    aside: list[str] = []
    pos = dealt
    for space in ("N", "E", "S", "W"):
        while cards[pos] in CORNERS_JOKERS:
            aside.append(cards[pos])
            pos += 1
        layout[space] = cards[pos]
        pos += 1
    stock_top_first = cards[pos:] + aside
    return hands, layout, stock_top_first[::-1]


# ----------------------------------------------------------------------------- a deal from the rules
# The cards of any deal of a seeded game, from the game's game_started facts and its ruleset's
# deal rules alone (``Ruleset.deal_rules``, docs/events.md "Deal rules"): what
# tools/verify_export.py re-derives without knowing the game, for the platform to print before
# a table plays (a tournament's hand records). The states deal the same cards the same way: the
# card at shuffled position p to seat (first + p * direction) % n, first the seat after the
# dealer, the dealer of deal n + 1 after the dealer of deal n, a redeal keeping its deal's.
_PACK_ORDER: dict[str, int] = {card: i for i, card in enumerate(DECK + CORNERS_JOKERS)}


def first_deal_rule(start: dict[str, Any], rules: dict[str, Any]) -> dict[str, Any] | None:
    """The rule of ``rules["first_deal"]`` that fixes deal 1's dealer or declarer for the game
    ``start`` (its game_started event) opens, the first that applies; None if none does."""
    options = start.get("options") or {}
    for rule in rules.get("first_deal", []):
        field = rule.get("game_started")
        if field is not None:
            if field in start:
                return rule
            continue
        if "option" in rule and options.get(rule["option"]) in (rule.get("holder_of") or {}):
            return rule
    return None


def dealer_decided_at_table(start: dict[str, Any], rules: dict[str, Any]) -> bool:
    """Whether deal 1's dealer (or declarer) is a decision taken at the table rather than the
    seed's: the first-deal rule that applies reads a later event (a seat nominates the first
    dealer). The cards of every deal then depend on that seat (``seeded_deal``'s ``decided``)."""
    rule = first_deal_rule(start, rules)
    return rule is not None and "event" in rule


def seeded_deal(
    seed: Any,
    start: dict[str, Any],
    rules: dict[str, Any],
    num_seats: int,
    number: int,
    redeal: int = 0,
    decided: int | None = None,
) -> dict[str, Any]:
    """Deal ``number`` (its ``redeal``-th redeal when above 0) of the game dealt from ``seed``
    that ``start`` (its game_started event: key, shuffle, options and the facts drawn from the
    seed) opens, at a table of ``num_seats`` whose ruleset's deal rules are ``rules``.

    Returns ``{"deal", "redeal", "deal_key", "dealer", "hands"}``, ``"declarer"`` where the
    rules seat one after the dealer, and ``"layout"`` and ``"stock"`` (its top card last) for a
    layout shuffle: the cards that deal's deal_started places, each hand in the pack's order.
    Where the table decides deal 1's dealer (``dealer_decided_at_table``), ``decided`` is the
    seat it named; without it a ValueError says so, as it does for rules that fix no deal."""
    direction: int = rules["direction"]
    rule = first_deal_rule(start, rules)
    if rule is None:
        raise ValueError("none of the deal rules' first-deal rules fixes this game's first deal")
    key = start.get("key", "game")
    role = rule.get("names", "dealer")
    after_dealer = rules.get("declarer") == "after_dealer"
    first_cards: dict[str, Any] | None = None
    if rule.get("holder_of"):
        # Deal 1 is dealt from a fixed seat; the holder of the rule's card is its dealer or declarer.
        options = start.get("options") or {}
        card = rule["holder_of"][options[rule["option"]]]
        first_cards = _dealt(seed, f"{key}/deal/1", start, rules, num_seats, rule["dealt_from"], direction)
        named = next(seat for seat, hand in enumerate(first_cards["hands"]) if card in hand)
    elif "event" in rule:
        if decided is None:
            raise ValueError("deal 1's dealer is decided at the table: give the seat it named (decided)")
        named = decided
    else:
        named = start[rule["game_started"]]
    if role == "dealer":
        first_dealer = named
    elif after_dealer:
        first_dealer = (named - direction) % num_seats
    else:
        raise ValueError(f"the deal rules name deal 1's {role} but not where its dealer sits")
    dealer = (first_dealer + direction * (number - 1)) % num_seats
    deal_key = f"{key}/deal/{number}/redeal/{redeal}" if redeal else f"{key}/deal/{number}"
    if first_cards is not None and number == 1 and not redeal:
        cards = first_cards
    else:
        cards = _dealt(seed, deal_key, start, rules, num_seats, (dealer + direction) % num_seats, direction)
    out: dict[str, Any] = {"deal": number, "redeal": redeal, "deal_key": deal_key, "dealer": dealer}
    if after_dealer:
        out["declarer"] = (dealer + direction) % num_seats
    out.update(cards)
    return out


def _dealt(
    seed: Any, deal_key: str, start: dict[str, Any], rules: dict[str, Any], num_seats: int, first: int, step: int
) -> dict[str, Any]:
    """The cards one deal key deals by the shuffle ``start`` names: the hands, and for a layout
    shuffle the layout and the stock."""
    shuffle = start.get("shuffle")
    if shuffle == SHUFFLE_VERSION:
        hands: list[list[str]] = [[] for _ in range(num_seats)]
        for position, card in enumerate(shuffled_deck(seed, deal_key)):
            hands[(first + position * step) % num_seats].append(card)
        return {"hands": [_in_pack_order(hand) for hand in hands]}
    if shuffle == LAYOUT_SHUFFLE_VERSION:
        options = start.get("options") or {}
        jokers = bool(options.get(rules.get("jokers", ""), False))
        dealt, layout, stock = layout_deal(seed, deal_key, num_seats, first, step, options[rules["hand_size"]], jokers)
        return {"hands": [_in_pack_order(hand) for hand in dealt], "layout": layout, "stock": stock}
    raise ValueError(f"unknown shuffle {shuffle!r}")


def _in_pack_order(cards: list[str]) -> list[str]:
    return sorted(cards, key=_PACK_ORDER.__getitem__)
