"""A score table fed a played Kings in the Corner game, hand by hand as the table would tell
it (who went out, the cards left, the penalties charged, the corners completed), scores every
hand and the game exactly as the played game did, at every table size, in every scoring
(docs/architecture.md §3.9: one scoring for both)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import new_score_table, replay
from tests.engine.corners.random_games import corners_options, jax_options, played
from tests.engine.helpers import engine_settings

from .told import entry, hands

MAX_ACTIONS = 400  # a cap that keeps the suite fast: a game cut short is entered as far as it went


def entered_like(game):
    table = new_score_table(game.ruleset, first=game.events[0]["first_dealer"], options=game.options)
    for deal in hands(game.events):
        if not any(e["type"] == "deal_ended" for e in deal):
            break  # the hand the cap cut short
        table.apply(entry(table.entry_form(), deal, game.num_seats))
    if game.is_over:
        assert table.entry_form()["can_finish"] and not table.is_over
        table.apply({"type": "finish"})
    return table


def check(spec, seed):
    game = played(spec, seed, MAX_ACTIONS)
    table = entered_like(game)
    assert table.deal_scores == game.deal_scores
    assert table.scores == game.scores
    assert table.deals == game.deals  # the records too: who went out, the pot, the chip ledger
    assert table.is_over is game.is_over and table.winners == game.winners
    assert replay(table.events) == table
    assert replay(table.events, verify=True) == table
    return table


@engine_settings()
@given(spec=corners_options(), seed=st.integers(0, 2**32))
def test_the_pagat_game_in_every_scoring(spec, seed):
    check(spec, seed)


@engine_settings()
@given(spec=jax_options(), seed=st.integers(0, 2**32))
def test_the_jax_chip_game(spec, seed):
    check(spec, seed)


def taken(table, field):
    return [e["taken"][field] for e in table.entries if e["winner"] is not None]


# Rules a few random games seldom reach, each in a game (and seed) that does.
RARE = {
    "Kleplek: out on the first turn": (
        ("corners", {"players": 3, "deal_size": 2, "scoring": "kleplek_10_5_1", "game_length": "fixed_hands"}),
        2,
        lambda t: any(e.get("first_turn") for e in t.entries),
    ),
    "jokers left, counted": (
        ("corners", {"players": 3, "jokers_wild": True, "scoring": "chips_pot"}),
        13,
        lambda t: any(any(j) for j in taken(t, "jokers")),
    ),
    "jokers left, by rank": (
        ("corners", {"players": 5, "jokers_wild": True, "scoring": "stofka_50_10_5", "game_length": "fixed_hands"}),
        9,
        lambda t: any("X" in h for e in t.entries for h in e["ranks"]),
    ),
    "a corner completed, in points": (
        ("corners", {"players": 2, "ace_completion_bonus": 5, "compulsory_kings": True, "game_length": "fixed_hands"}),
        0,
        lambda t: any(any(c) for c in taken(t, "completions")),
    ),
    "a corner completed, in chips": (
        ("corners", {"players": 2, "ace_completion_bonus": 5, "scoring": "chips_pot", "game_length": "fixed_hands"}),
        0,
        lambda t: any(any(c) for c in taken(t, "completions")),
    ),
    "the pool": (
        ("corners", {"players": 4, "pool_variant": True, "compulsory_kings": True, "target_score": 10}),
        0,
        lambda t: t.is_over and any(any(p) for p in taken(t, "penalties")),
    ),
    "Jax: a void hand's pot carried over": (
        ("corners_jax", {"players": 6, "jax_deadlock": "carry_over", "target_points": 30}),
        4,
        lambda t: any(r["ledger"]["carried"] for r in t.deals),
    ),
    "Jax: debts repaid": (
        ("corners_jax", {"players": 6, "chips_total": 12, "ante": 2, "target_points": 20}),
        0,
        lambda t: any(r.get("debt_repaid") for r in t.deals),
    ),
    "Jax: no debts, a player short of chips pays what he has": (
        ("corners_jax", {"players": 6, "chips_total": 12, "ante": 2, "jax_chip_debt": False, "target_points": 20}),
        0,
        lambda t: any(r["ledger"]["cards"] != r["cards_left"] for r in t.deals if r["winner"] is not None),
    ),
}


@pytest.mark.parametrize("name", RARE)
def test_the_rules_random_games_seldom_reach(name):
    spec, seed, reached = RARE[name]
    assert reached(check(spec, seed))
