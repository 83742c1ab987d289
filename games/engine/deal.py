"""Fair, checkable deals (DESIGN.md 3.4).

Shuffle algorithm ``SHUFFLE_VERSION = "hmac-sha256-fy-v1"``; anyone can re-derive a deal
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
import hmac

from .cards import DECK, sort_cards
from .errors import InvalidOptions

SHUFFLE_VERSION = "hmac-sha256-fy-v1"
_PREFIX = b"kingrifki/v1/"


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


def _stream(seed, deal_key, blocks):
    """The first ``blocks`` 32-byte blocks of the byte stream of step 2."""
    k = hmac.digest(seed, _PREFIX + deal_key.encode(), "sha256")
    mac = hmac.new(k, digestmod="sha256")  # copied per block: keying HMAC once is the slow part
    out = []
    for i in range(blocks):
        m = mac.copy()
        m.update(i.to_bytes(8, "big"))
        out.append(m.digest())
    return b"".join(out)


_LIMITS = [0] + [256 - 256 % n for n in range(1, 257)]  # rejection limits, so draws are unbiased


def _draws(seed, deal_key, sizes):
    """One unbiased draw from 0..n-1 for each n in ``sizes``, in order, from one stream."""
    blocks = 2  # 64 bytes: a whole shuffle almost always fits (about 58 bytes on average)
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


def shuffled_deck(seed, deal_key):
    """The 52 cards in shuffled order for this seed and deal key."""
    deck = list(DECK)
    i = 51
    for j in _draws(seed_bytes(seed), deal_key, _SHUFFLE_SIZES):
        deck[i], deck[j] = deck[j], deck[i]
        i -= 1
    return deck


def deal_hands(seed, deal_key, first, step):
    """Four sorted hands of 13, dealt one card at a time from seat ``first`` in steps of ``step``."""
    deck = shuffled_deck(seed, deal_key)
    hands = [None] * 4
    for k in range(4):
        hands[(first + k * step) % 4] = sort_cards(deck[k::4])  # positions k, k+4, k+8, ...
    return hands


def seeded_draw(seed, deal_key, n):
    """One unbiased draw from 0..n-1 for this seed and key."""
    return _draws(seed_bytes(seed), deal_key, (n,))[0]
