"""Every strategy, asked at any point of a game of either ruleset at 2 to 6 players, returns one of
the view's legal actions: the very object, so a caller can hand it straight back to the engine."""

import random

from hypothesis import given
from hypothesis import strategies as st

from bots.strategies.corners import STRATEGIES
from games.engine import replay

from .helpers import FAST_SEARCH, few, positions

STRATEGIES_UNDER_TEST = {**STRATEGIES, "montecarlo": FAST_SEARCH}


@few(60)
@given(state=positions(), seed=st.integers(0, 2**32))
def test_each_strategy_returns_a_listed_action(state, seed):
    if state.is_over:
        return
    view = state.view(state.to_act)
    for name, strategy in STRATEGIES_UNDER_TEST.items():
        choice = strategy(view, random.Random(seed))
        assert any(choice is a for a in view["legal_actions"]), (name, choice)
        replay(state.events, seed=state.seed).apply(choice)  # and the engine takes it (on a copy)
