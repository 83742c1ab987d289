"""docs/rules.md §3.5 and deal.py's layout scheme: the pack shuffled by the documented algorithm, dealt one
card at a time from the dealer's left, then N, E, S, W, then the stock (top card last); jokers
turned up for the layout go under the stock. The dealer moves one seat clockwise each hand and
the seat left of the dealer plays first. Re-derived here from the documentation alone."""

import hashlib
import hmac
import random

from games.engine import new_game
from games.engine.deal import LAYOUT_SHUFFLE_VERSION, layout_deal

from .helpers import PACK, events_of


def reference_layout_deal(seed, deal_key, n, first, size, jokers):
    k = hmac.new(seed, b"kingrifki/v1/" + deal_key.encode(), hashlib.sha256).digest()

    def stream():
        i = 0
        while True:
            yield from hmac.new(k, i.to_bytes(8, "big"), hashlib.sha256).digest()
            i += 1

    source = stream()
    pack = list(PACK) + (["X1", "X2"] if jokers else [])
    for i in range(len(pack) - 1, 0, -1):
        while True:
            b = next(source)
            if b < 256 - 256 % (i + 1):
                break
        j = b % (i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    hands = [[] for _ in range(n)]
    for k_ in range(n * size):
        hands[(first + k_) % n].append(pack[k_])
    rest = pack[n * size :]
    layout, aside = [], []
    while len(layout) < 4:
        card = rest.pop(0)
        (aside if card in ("X1", "X2") else layout).append(card)
    return hands, dict(zip("NESW", layout)), (rest + aside)[::-1]


def test_the_scheme_is_labelled_and_recorded_in_the_game():
    state = new_game("corners", seed=5)
    assert LAYOUT_SHUFFLE_VERSION == "hmac-sha256-fy-layout-v1"
    assert state.events[0]["shuffle"] == LAYOUT_SHUFFLE_VERSION


def test_an_independent_implementation_gives_the_same_deals():
    for i in range(40):
        seed, key = f"seed-{i}".encode(), f"t/{i}/deal/1"
        n, size, jokers = 2 + i % 5, (7, 4, 5)[i % 3], i % 2 == 0
        first = i % n
        assert layout_deal(seed, key, n, first, 1, size, jokers) == reference_layout_deal(
            seed, key, n, first, size, jokers
        )


def test_a_game_deals_from_the_dealers_left_and_the_dealer_moves_clockwise():
    state = new_game("corners", seed=b"s", options={"players": 3})
    rng = random.Random(0)
    while len(events_of(state, "deal_started")) < 3 and not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    first_dealer = state.events[0]["first_dealer"]
    starts = events_of(state, "deal_started")
    for deal in starts:
        dealer = (first_dealer + deal["deal"] - 1) % 3
        assert deal["dealer"] == dealer
        hands, layout, stock = reference_layout_deal(b"s", f"game/deal/{deal['deal']}", 3, (dealer + 1) % 3, 7, False)
        assert [sorted(h) for h in deal["hands"]] == [sorted(h) for h in hands]
        assert deal["layout"] == layout and deal["stock"] == stock
        turn = state.events[state.events.index(deal) + 1]
        assert turn == {"type": "turn_started", "seat": (dealer + 1) % 3}
