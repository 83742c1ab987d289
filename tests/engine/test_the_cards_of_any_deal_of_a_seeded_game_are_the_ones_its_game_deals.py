"""``games.engine.deal.seeded_deal`` derives deal n of a seeded game from its game_started event
and its ruleset's deal rules alone (what a tournament's hand records print before any table
plays): for every ruleset the engine registers, with the options that change who deals (a
nominated first dealer, a declarer found by the card they hold, tables of two to six, jokers),
every deal_started of whole games played to their end (redeals included) places exactly the
cards, dealer and declarer it gives, Kings in the Corner's layout and stock included."""

import random

import pytest

from games.engine import RULESETS, new_game
from games.engine.deal import CORNERS_JOKERS, dealer_decided_at_table, seeded_deal
from tests.engine.helpers import ALL_CARDS

# Options beyond the defaults that change who deals first or what a deal holds.
VARIANTS = {
    "king": [{"first_dealer_method": "kh_holder_nominates"}],
    "rifki": [{"first_declarer": "holder_2d"}, {"first_declarer": "holder_7d"}],
    "corners": [{"players": 2}, {"players": 3, "jokers_wild": True}, {"players": 6}],
}
GAMES = [(name, {}) for name in RULESETS] + [(name, o) for name, options in VARIANTS.items() for o in options]
PACK_ORDER = {card: i for i, card in enumerate(ALL_CARDS + CORNERS_JOKERS)}  # each hand in the pack's order
SEEDS = [f"hand-records/{i}".encode() for i in range(4)]


def played(ruleset, seed, options):
    """A whole game from ``seed``, every decision a seeded random legal action."""
    state = new_game(ruleset, seed=seed, options=options)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def decided(state, rules):
    """The seat the table named deal 1's dealer, where the table names it (the nomination)."""
    start = state.events[0]
    if not dealer_decided_at_table(start, rules):
        return None
    rule = next(r for r in rules["first_deal"] if "event" in r and r["game_started"] in start)
    return next(e for e in state.events if e["type"] == rule["event"])[rule["field"]]


def test_the_helper_covers_every_registered_ruleset():
    assert {name for name, _options in GAMES} == set(RULESETS)


@pytest.mark.parametrize("ruleset, options", GAMES, ids=lambda v: v if isinstance(v, str) else str(v or "defaults"))
def test_every_deal_of_a_played_game_is_the_one_the_rules_derive(ruleset, options):
    rules = RULESETS[ruleset].deal_rules
    compared = redeals = 0
    for seed in SEEDS:
        state = played(ruleset, seed, options)
        start = state.events[0]
        for event in state.events:
            if event["type"] != "deal_started":
                continue
            derived = seeded_deal(
                seed, start, rules, state.num_seats, event["deal"], event.get("redeal", 0), decided(state, rules)
            )
            where = (ruleset, options, seed, event["deal"], event.get("redeal"))
            assert [sorted(h) for h in derived["hands"]] == [sorted(h) for h in event["hands"]], where
            assert all(h == sorted(h, key=PACK_ORDER.__getitem__) for h in derived["hands"]), where
            assert derived["dealer"] == event["dealer"], where
            assert derived.get("declarer") == event.get("declarer"), where
            for pile in ("layout", "stock"):
                assert derived.get(pile) == event.get(pile), where
            if "deal_key" in event:
                assert derived["deal_key"] == event["deal_key"], where
            compared += 1
            redeals += bool(event.get("redeal"))
    assert compared >= len(SEEDS)
    if ruleset == "rifki":
        assert redeals, "a redeal of a cancelled deal is compared too"


def test_a_trick_games_hands_come_in_the_order_its_deal_started_logs_them():
    for ruleset in ("king", "rifki"):
        state = new_game(ruleset, seed=b"order")
        start, first = state.events[0], next(e for e in state.events if e["type"] == "deal_started")
        derived = seeded_deal(
            b"order", start, RULESETS[ruleset].deal_rules, 4, 1, 0, decided(state, RULESETS[ruleset].deal_rules)
        )
        assert derived["hands"] == first["hands"]


def test_a_dealer_the_table_names_must_be_given():
    state = new_game("king", seed=b"nominate", options={"first_dealer_method": "kh_holder_nominates"})
    rules = RULESETS["king"].deal_rules
    assert dealer_decided_at_table(state.events[0], rules)
    with pytest.raises(ValueError, match="decided at the table"):
        seeded_deal(b"nominate", state.events[0], rules, 4, 1)
    seats = {seeded_deal(b"nominate", state.events[0], rules, 4, 2, decided=seat)["dealer"] for seat in range(4)}
    assert seats == {0, 1, 2, 3}  # deal 2 follows whoever was named
