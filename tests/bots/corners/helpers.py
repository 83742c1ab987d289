"""Positions of Kings in the Corner games for the strategy tests, at every table size of both rulesets."""

import random

from hypothesis import settings
from hypothesis import strategies as st

from bots.strategies.corners import Budget, MonteCarlo
from games.engine import RULESETS, new_game

LAYOUT_RULESETS = tuple(name for name, game in RULESETS.items() if not game.trick_taking)
FAST_SEARCH = MonteCarlo(Budget(samples=2, candidates=3))


def table_sizes(ruleset):
    return list(RULESETS[ruleset].seats)


@st.composite
def positions(draw):
    """A state part-way through a seeded game: any ruleset, any table size, random play so far."""
    ruleset = draw(st.sampled_from(LAYOUT_RULESETS))
    players = draw(st.sampled_from(table_sizes(ruleset)))
    seed = draw(st.integers(0, 2**32))
    steps = draw(st.integers(0, 120))
    state = new_game(ruleset, seed=seed, options={"players": players})
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def few(n):
    return settings(max_examples=n, deadline=None)
