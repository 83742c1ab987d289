"""With the same rng seed and budget the Monte Carlo strategy makes the same choice on the same
view, whichever rollout policy it uses; it draws its samples from that rng alone."""

import random

from hypothesis import given
from hypothesis import strategies as st

from bots.strategies import Budget, MonteCarlo
from tests.bots.strategies.helpers import fewer_examples, into_play
from tests.engine.test_engine_properties import SEEDS, boards


@fewer_examples(10)
@given(
    state=boards(),
    choices=SEEDS,
    plays=st.sampled_from(range(52)),
    seed=SEEDS,
    rollout=st.sampled_from(["heuristic", "random"]),
)
def test_the_same_seed_gives_the_same_card(state, choices, plays, seed, rollout):
    view = into_play(state, random.Random(choices), plays)
    if view is None:
        return
    search = MonteCarlo(Budget(samples=3, rollout=rollout))
    first = search(view, random.Random(seed))
    random.seed(seed + 1)  # the global generator plays no part
    again = search(view, random.Random(seed))
    assert first is again
