"""Property: an action not in legal_actions() is refused with IllegalAction and the state is left
exactly as it was; every listed action is accepted (the walk applies one at every step)."""

import copy
import random

from hypothesis import given

from games.engine import IllegalAction
from tests.engine.helpers import engine_settings

from .helpers import PACK, PILES
from .random_games import games, walk

UNIVERSE = (
    [{"type": "play", "card": c, "to": p} for c in PACK + ("X1",) for p in PILES]
    + [{"type": "play", "card": "X2", "to": "N", "as": "5D"}]
    + [{"type": "move", "from": s, "to": d} for s in PILES for d in PILES]
    + [{"type": "end_turn"}, {"type": "end_turn", "draw": False}, {"type": "draw"}]
)


@engine_settings()
@given(games)
def test_unlisted_actions_are_refused_and_change_nothing(game):
    spec, seed = game
    rng = random.Random(seed)
    for step, (state, _, _) in enumerate(walk(spec, seed, max_actions=300)):
        if state.is_over or step % 15:
            continue
        legal = state.legal_actions()
        refused = [a for a in rng.sample(UNIVERSE, 12) if a not in legal]
        before = copy.deepcopy(state._snapshot())
        for action in refused:
            try:
                state.apply(action)
            except IllegalAction as e:
                assert e.code
            else:
                raise AssertionError(f"{action} was accepted but not listed")
        assert state._snapshot() == before
