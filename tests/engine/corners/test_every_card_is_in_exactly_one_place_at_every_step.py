"""Property: at every step of a random game, every card of the pack is in exactly one place
(a hand, a pile or the stock), and legal_actions() is never empty before the end."""

from hypothesis import given

from tests.engine.helpers import engine_settings

from .helpers import JOKERS, PACK
from .random_games import games, walk


@engine_settings()
@given(games)
def test_cards_are_conserved_and_someone_can_always_act(game):
    spec, seed = game
    for state, _, _ in walk(spec, seed):
        if state.phase != "play":
            continue
        pack = PACK + JOKERS if state.rules["jokers_wild"] else PACK
        places = [c for h in state.hands for c in h] + [c for p in state.piles.values() for c in p] + state.stock
        assert sorted(places) == sorted(pack)
        if not state.is_over:
            assert state.legal_actions()
