"""The standalone verifier re-derives a tournament match's seed with its own copy of the label
scheme; for every round, table, board and replay it must be the seed the platform dealt from."""

import importlib.util

from hypothesis import given
from hypothesis import strategies as st

from tournaments.service import rounds

from .conftest import VERIFIER

spec = importlib.util.spec_from_file_location("verify_export", VERIFIER)
verify_export = importlib.util.module_from_spec(spec)
spec.loader.exec_module(verify_export)


@given(
    seed=st.binary(min_size=32, max_size=32),
    tournament=st.integers(1, 10**9),
    round_no=st.integers(1, 50),
    table=st.integers(1, 200),
    board=st.none() | st.from_regex(r"b[0-9]{1,3}", fullmatch=True),
    replay=st.integers(0, 5),
)
def test_the_verifiers_derived_seed_is_the_platforms(seed, tournament, round_no, table, board, replay):
    assert verify_export.derived_match_seed(seed, tournament, round_no, table, board, replay) == rounds.match_seed(
        seed, tournament, round_no, table, board, replay
    )


def test_each_replay_of_a_table_gets_a_seed_of_its_own():
    seed = bytes(range(32))

    seeds = {rounds.match_seed(seed, 7, 1, 3, None, replay) for replay in range(4)}

    assert len(seeds) == 4
