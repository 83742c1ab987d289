"""The Monte Carlo strategy guesses the hidden hands from the seat's view alone: its sampled deals
keep the seat's own cards and every played card where the view shows them, give each other seat
exactly as many cards as it holds, never give a seat a suit it has shown void in, and never rule
out the cards a seat really holds. Each sampled deal replays through the engine to the view's
own position."""

import random

from hypothesis import given
from hypothesis import strategies as st

from bots.strategies.montecarlo import sampled_position
from bots.strategies.sampling import DealSampler, excluded_cards
from games.engine.cards import DECK
from tests.bots.strategies.helpers import fewer_examples, into_play
from tests.engine.test_engine_properties import SEEDS, boards

STEP = {"king": 1, "rifki": 3}


def shown_voids(view):
    """The suits each seat has not followed, read from the view's tricks (restated, not the bots' code)."""
    voids = [set(), set(), set(), set()]
    tricks = [(t["leader"], t["cards"]) for t in view["table"]["tricks"]]
    if view["table"]["trick"]:
        tricks.append((view["table"]["trick"][0]["seat"], [p["card"] for p in view["table"]["trick"]]))
    for leader, cards in tricks:
        for i, card in enumerate(cards[1:], start=1):
            if card[1] != cards[0][1]:
                voids[(leader + i * STEP[view["ruleset"]]) % 4].add(cards[0][1])
    return voids


@fewer_examples(5)
@given(state=boards(), choices=SEEDS, plays=st.sampled_from(range(52)), samples=SEEDS)
def test_sampled_deals_agree_with_everything_the_view_shows(state, choices, plays, samples):
    view = into_play(state, random.Random(choices), plays)
    if view is None:
        return
    seat = view["seat"]
    played = {c for t in view["table"]["tricks"] for c in t["cards"]} | {p["card"] for p in view["table"]["trick"]}
    voids = shown_voids(view)
    sampler = DealSampler(view)
    rng = random.Random(samples)
    for _ in range(3):
        hands = sampler.sample(rng)
        assert hands[seat] == view["hand"]
        assert [len(h) for h in hands] == view["hand_sizes"]
        assert sorted(c for h in hands for c in h) == sorted(set(DECK) - played)
        for other in range(4):
            assert not any(card[1] in voids[other] for card in hands[other])
    position = sampled_position(view, sampler, rng)
    assert position is not None
    replayed = position.view(seat)
    for key in ("hand", "hand_sizes"):
        assert replayed[key] == view[key]
    for key in ("trick", "tricks", "contract"):
        assert replayed["table"][key] == view["table"][key]
    assert replayed["legal_actions"] == plays_in(view)  # the slam call is no part of the rollouts


def plays_in(view):
    return [a for a in view["legal_actions"] if a["type"] == "play"]


@fewer_examples(5)
@given(state=boards(), choices=SEEDS, plays=st.sampled_from(range(52)))
def test_the_cards_a_seat_really_holds_are_never_ruled_out(state, choices, plays):
    view = into_play(state, random.Random(choices), plays)
    if view is None:
        return
    sampler = DealSampler(view)
    excluded = excluded_cards(view, sampler.plays, sampler.unseen)
    for other in range(4):
        if other != view["seat"]:
            assert not excluded[other] & set(state.hand(other))
