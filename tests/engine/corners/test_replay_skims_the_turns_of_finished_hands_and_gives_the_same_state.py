"""Property: ``replay(events)`` folds a hand that a later hand follows only for what outlives it
(its cards, the stock, the penalties charged, draw_then_play; not its turns or piles), and
still rebuilds exactly the state that was played and the state ``replay(events, verify=True)``
re-derives through the rules, from any prefix of a game, in every variant; the rebuilt state
then plays on exactly as the original did."""

from hypothesis import given
from hypothesis import strategies as st

from games.engine import replay
from tests.engine.helpers import engine_settings

from .random_games import games, walk


@engine_settings()
@given(game=games, cut=st.floats(0, 1))
def test_a_replayed_prefix_equals_the_verified_one_and_plays_on_identically(game, cut):
    spec, seed = game
    decided = []  # (events before the decision, the decision)
    state = None
    for state, action, events in walk(spec, seed):
        if action is not None:
            decided.append((len(state.events) - len(events), action))
    assert replay(state.events) == state
    if not decided:
        return
    k = int(cut * (len(decided) - 1))
    at, _ = decided[k]
    prefix = state.events[:at]
    fast = replay(prefix, seed=state.seed)
    verified = replay(prefix, seed=state.seed, verify=True)
    assert fast == verified
    assert fast.legal_actions() == verified.legal_actions()
    assert [fast.view(seat) for seat in range(state.num_seats)] == [
        verified.view(seat) for seat in range(state.num_seats)
    ]
    for _, later in decided[k:]:
        fast.apply(dict(later))
    assert fast == state and fast.events == state.events
