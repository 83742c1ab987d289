"""Property: a state replayed from a prefix of a log, with the rest folded on
(``state.fold_on``, how a cached state catches up with its stream), is the state the whole log
replays to, for every ruleset, wherever the log is cut, even in the middle of a trick."""

import random

from hypothesis import given
from hypothesis import strategies as st

from games.engine import RULESETS, new_game, replay
from tests.engine.helpers import engine_settings

SEEDS = st.integers(0, 2**32 - 1)


@engine_settings()
@given(ruleset=st.sampled_from(sorted(RULESETS)), seed=SEEDS, cut=st.floats(0, 1), second=st.floats(0, 1))
def test_the_rest_folded_onto_a_prefix_is_the_whole_replay(ruleset, seed, cut, second):
    state = new_game(ruleset, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    events = state.events
    at = 1 + int(cut * (len(events) - 1))
    then = at + int(second * (len(events) - at))  # folded on in two steps, as a cache catches up twice
    caught_up = replay(events[:at], seed=state.seed).fold_on(events[at:then]).fold_on(events[then:])
    whole = replay(events, seed=state.seed)
    assert caught_up == whole and caught_up.events == events
    assert caught_up.legal_actions() == whole.legal_actions()
