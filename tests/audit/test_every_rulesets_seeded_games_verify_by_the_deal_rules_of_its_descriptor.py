"""The deal rules a descriptor hands the verifier are the engine's own: any seeded game of any
ruleset, with any flags and table size, re-derives deal by deal in tools/verify_export.py from
nothing but the export (the verifier loaded as the file it is, run in this process for speed;
the other audit tests run it alone, as an outsider does)."""

import importlib.util
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import new_game
from games.record import eventlog
from tests.audit.conftest import VERIFIER, engine_export_records
from tests.engine.corners.random_games import corners_options, jax_options
from tests.engine.flag_strategies import KING_OPTIONS, RIFKI_OPTIONS

MAX_ACTIONS = 4000  # every deal a game deals before this many actions is checked


def load_verifier():
    spec = importlib.util.spec_from_file_location("verify_export", VERIFIER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


verify_export = load_verifier()
any_game = st.one_of(
    st.tuples(st.just("king"), KING_OPTIONS),
    st.tuples(st.just("rifki"), RIFKI_OPTIONS),
    corners_options(),
    jax_options(),
)


@settings(max_examples=40, deadline=None)
@given(game=any_game, seed=st.integers(0, 2**32))
def test_a_random_game_of_any_ruleset_verifies_deal_by_deal(game, seed):
    ruleset, options = game
    rng = random.Random(seed)
    state = new_game(ruleset, seed=rng.randbytes(32), options=options)
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    lines = [eventlog.canonical_json(record) for record in engine_export_records(state)]
    report = verify_export.verify(lines)
    assert report.ok, report.failures
    deals = [r for r in report.results if r["check"] == "deals"]
    assert [r["status"] for r in deals] == ["pass"]
    assert deals[0]["message"].startswith(f"{sum(e['type'] == 'deal_started' for e in state.events)} deal(s)")
