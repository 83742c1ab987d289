"""Property: ``replay(events)`` folds a deal that a later deal follows without its card play
(the trusted fast path), and still rebuilds exactly the state that was played, and the state
``replay(events, verify=True)`` re-derives through the rules, from any prefix of a whole game,
with random flags; the rebuilt state then plays on exactly as the original did."""

import random

from hypothesis import given
from hypothesis import strategies as st

from games.engine import new_game, replay
from tests.engine.flag_strategies import KING_OPTIONS, RIFKI_OPTIONS
from tests.engine.helpers import engine_settings

SEEDS = st.integers(0, 2**32 - 1)


@st.composite
def played_games(draw):
    ruleset = draw(st.sampled_from(["king", "rifki"]))
    options = draw(KING_OPTIONS if ruleset == "king" else RIFKI_OPTIONS)
    state = new_game(ruleset, seed=draw(SEEDS), options=options)
    rng = random.Random(draw(SEEDS))
    decided = []  # (events before the decision, the decision)
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        decided.append((len(state.events), action))
        state.apply(action)
    return state, decided


@engine_settings()
@given(game=played_games(), cut=st.floats(0, 1))
def test_a_replayed_prefix_equals_the_verified_one_and_plays_on_identically(game, cut):
    state, decided = game
    assert replay(state.events) == state
    k = int(cut * (len(decided) - 1))
    at, action = decided[k]
    prefix = state.events[:at]
    fast = replay(prefix, seed=state.seed)
    assert fast == replay(prefix, seed=state.seed, verify=True)
    assert fast.legal_actions() == replay(prefix, seed=state.seed, verify=True).legal_actions()
    assert [fast.view(seat) for seat in range(4)] == [
        replay(prefix, seed=state.seed, verify=True).view(seat) for seat in range(4)
    ]
    for _, later in decided[k:]:
        fast.apply(dict(later))
    assert fast == state and fast.events == state.events
