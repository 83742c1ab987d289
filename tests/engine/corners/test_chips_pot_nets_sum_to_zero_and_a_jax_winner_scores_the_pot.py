"""Properties of the chip scorings (docs/rules.md §3.5): every chips_pot or pool hand's nets sum to zero;
a Jax hand's winner alone scores, and his points are its pot less the debt it repaid."""

from hypothesis import given

from tests.engine.helpers import engine_settings

from .random_games import games, played


@engine_settings()
@given(games)
def test_chip_hands(game):
    spec, seed = game
    state = played(spec, seed)
    for record in state.deals:
        if not record["scored"]:
            assert record["end"] == "deadlock" and state.mode != "penalty"
            continue
        if state.mode in ("chips_pot", "pool"):
            assert sum(record["scores"]) == 0
        if state.mode == "jax":
            winner = record["winner"]
            assert record["scores"][winner] == record["pot"] - record["debt_repaid"]
            assert [v for s, v in enumerate(record["scores"]) if s != winner] == [0] * (state.num_seats - 1)
    assert state.scores == [sum(col) for col in zip(*state.deal_scores)] or not state.deal_scores
