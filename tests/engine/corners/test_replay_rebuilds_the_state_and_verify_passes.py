"""Property: replay(events) == state at the end, with or without verify, and verify re-derives
the deals from the seed."""

from hypothesis import given

from games.engine import replay
from tests.engine.helpers import engine_settings

from .random_games import games, played


@engine_settings()
@given(games)
def test_replay_equals_the_state(game):
    spec, seed = game
    state = played(spec, seed)
    assert replay(state.events) == state
    assert replay(state.events, seed=state.seed, verify=True) == state
    assert replay(state.events, verify=True) == state  # deals taken from the log, checked whole
