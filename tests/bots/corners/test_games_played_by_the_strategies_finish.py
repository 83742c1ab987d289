"""Whole games finish with every strategy at every table size of both rulesets: a turn of many
actions always ends, and so does every hand and the game."""

import random

import pytest

from bots.strategies.corners import STRATEGIES

from .helpers import FAST_SEARCH, LAYOUT_RULESETS, table_sizes

MAX_ACTIONS = 20000


def play(ruleset, players, strategy, seed):
    from games.engine import RULESETS, new_game

    flags = RULESETS[ruleset].flags
    short = {"target_score": 10} if "target_score" in flags else {"target_points": 15}
    state = new_game(ruleset, seed=seed, options={"players": players, **short})
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return state
        state.apply(strategy(state.view(state.to_act), rng))
    raise AssertionError(f"{ruleset} with {players} players did not finish in {MAX_ACTIONS} actions")


@pytest.mark.parametrize("ruleset", LAYOUT_RULESETS)
@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_games_finish(ruleset, name):
    for players in table_sizes(ruleset):
        state = play(ruleset, players, STRATEGIES[name], seed=players)
        assert state.winners


@pytest.mark.parametrize("ruleset", LAYOUT_RULESETS)
def test_a_hand_searched_by_montecarlo_finishes(ruleset):
    from games.engine import new_game

    for players in (min(table_sizes(ruleset)), max(table_sizes(ruleset))):
        state = new_game(ruleset, seed=players, options={"players": players})
        rng = random.Random(players)
        while not state.deals:
            seat = state.to_act
            strategy = FAST_SEARCH if seat == 0 else STRATEGIES["heuristic"]
            state.apply(strategy(state.view(seat), rng))
        assert state.deals[0]["end"] in ("went_out", "deadlock")
