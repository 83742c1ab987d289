"""Fair, checkable deals (docs/architecture.md §3.4, games/engine/deal.py): the documented shuffle, pinned by a
golden vector, re-derived by an independent implementation, deterministic and roughly uniform."""

import hashlib
import hmac

from games.engine import new_game
from games.engine.deal import SHUFFLE_VERSION, deal_hands, seed_commitment, shuffled_deck
from tests.engine.helpers import ALL_CARDS, of_type

# Documented v1 test vector: shuffled_deck(b"kingrifki", "game/deal/1") under "hmac-sha256-fy-v1".
# If this changes, every published tournament deal changes: bump SHUFFLE_VERSION instead.
GOLDEN_V1 = [
    "QD",
    "7H",
    "9H",
    "6H",
    "KD",
    "JH",
    "KC",
    "JD",
    "5C",
    "2S",
    "3H",
    "7C",
    "4D",
    "6C",
    "9C",
    "3C",
    "QS",
    "2D",
    "KH",
    "3D",
    "TH",
    "4C",
    "5S",
    "KS",
    "5D",
    "7S",
    "4S",
    "6S",
    "QC",
    "AC",
    "AS",
    "8C",
    "9D",
    "JC",
    "AD",
    "TS",
    "AH",
    "4H",
    "8H",
    "7D",
    "2C",
    "6D",
    "QH",
    "8D",
    "2H",
    "JS",
    "TC",
    "TD",
    "9S",
    "3S",
    "5H",
    "8S",
]


def reference_shuffle(seed, deal_key):
    """The algorithm exactly as the deal.py docstring documents it, written from the text."""
    k = hmac.new(seed, b"kingrifki/v1/" + deal_key.encode("utf-8"), hashlib.sha256).digest()

    def stream():
        i = 0
        while True:
            yield from hmac.new(k, i.to_bytes(8, "big"), hashlib.sha256).digest()
            i += 1

    source = stream()
    deck = [r + s for s in "SHDC" for r in "23456789TJQKA"]
    for i in range(51, 0, -1):
        n = i + 1
        while True:
            b = next(source)
            if b < 256 - 256 % n:
                break
        j = b % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def test_the_shuffle_algorithm_is_version_1():
    assert SHUFFLE_VERSION == "hmac-sha256-fy-v1"


def test_the_golden_v1_vector_is_reproduced():
    assert shuffled_deck(b"kingrifki", "game/deal/1") == GOLDEN_V1
    assert sorted(GOLDEN_V1) == sorted(ALL_CARDS)


def test_an_independent_implementation_of_the_documented_algorithm_gives_the_same_decks():
    assert reference_shuffle(b"kingrifki", "game/deal/1") == GOLDEN_V1
    for n in range(60):
        seed = f"seed-{n}".encode()
        key = f"t/{n % 3}/deal/{n}"
        assert shuffled_deck(seed, key) == reference_shuffle(seed, key)


def test_seeds_as_text_and_integers_mean_their_utf8_and_decimal_bytes():
    assert shuffled_deck("kingrifki", "game/deal/1") == GOLDEN_V1
    assert shuffled_deck(12345, "k") == shuffled_deck(b"12345", "k")
    assert seed_commitment(b"abc") == hashlib.sha256(b"abc").hexdigest()


def test_cards_are_dealt_one_at_a_time_from_the_first_seat_in_the_given_direction():
    deck = shuffled_deck(b"kingrifki", "game/deal/1")
    for first in range(4):
        for step in (1, 3):
            hands = deal_hands(b"kingrifki", "game/deal/1", first, step)
            for p, card in enumerate(deck):
                assert card in hands[(first + p * step) % 4]


def test_deal_hands_gives_four_sorted_hands_of_thirteen_distinct_cards():
    for n in range(20):
        hands = deal_hands(f"s{n}", "game/deal/1", n % 4, 1)
        assert [len(h) for h in hands] == [13] * 4
        assert sorted(c for h in hands for c in h) == sorted(ALL_CARDS)
        order = {c: i for i, c in enumerate(ALL_CARDS)}
        assert all(h == sorted(h, key=order.__getitem__) for h in hands)


def test_the_same_seed_and_key_give_the_same_game_every_time():
    for ruleset in ("king", "rifki"):
        a = new_game(ruleset, seed=b"same", key="t1/r1/b1")
        b = new_game(ruleset, seed=b"same", key="t1/r1/b1")
        assert a.events == b.events and a == b
        assert a.events[0]["seed_sha256"] == seed_commitment(b"same")
        assert "seed" not in a.events[0]


def test_a_game_deals_each_hand_from_its_key_slash_deal_slash_number():
    state = new_game("king", seed=b"s", key="cup/round2/board5")
    (deal,) = of_type(state.events, "deal_started")
    assert deal["deal_key"] == "cup/round2/board5/deal/1"
    dealer = deal["dealer"]
    assert deal["hands"] == deal_hands(b"s", "cup/round2/board5/deal/1", (dealer + 1) % 4, 1)


def test_different_keys_or_seeds_give_different_deals():
    decks = {tuple(shuffled_deck(b"s", f"game/deal/{n}")) for n in range(1, 50)}
    decks |= {tuple(shuffled_deck(f"s{n}".encode(), "game/deal/1")) for n in range(50)}
    assert len(decks) == 99

    def hands(key):
        return of_type(new_game("rifki", seed=b"s", key=key).events, "deal_started")[0]["hands"]

    assert hands("a") != hands("b")


def test_every_card_lands_in_every_position_about_equally_often():
    """Chi-square over 52x52 (card, position) cells from 2600 deterministic shuffles: each cell
    expects 50. With 51*51 = 2601 degrees of freedom the statistic has mean 2601 and standard
    deviation about 72; the bound below is more than 7 standard deviations out, and a broken
    shuffle (e.g. modulo bias or a fixed card) lands far beyond it."""
    n = 2600
    counts = {c: [0] * 52 for c in ALL_CARDS}
    for i in range(n):
        for pos, card in enumerate(shuffled_deck(b"uniformity", f"game/deal/{i}")):
            counts[card][pos] += 1
    expected = n / 52
    chi2 = sum((x - expected) ** 2 / expected for row in counts.values() for x in row)
    assert all(min(row) > 0 for row in counts.values())
    assert 2000 < chi2 < 3150
