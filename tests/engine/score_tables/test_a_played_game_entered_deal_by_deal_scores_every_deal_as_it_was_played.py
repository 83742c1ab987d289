"""A score table fed a played game's deals, as a table would say them, scores every deal and the
game exactly as the played game did (docs/architecture.md §3.9: one scoring for both)."""

import random

from hypothesis import given
from hypothesis import strategies as st

from games.engine import new_game, new_score_table, replay
from tests.engine.flag_strategies import KING_OPTIONS, RIFKI_OPTIONS
from tests.engine.helpers import RIFKI_TABLE_TOTAL, engine_settings, play_out
from tests.engine.score_tables.played import entries_of


def entered_like(played):
    first, entries = entries_of(played)
    table = new_score_table(played.ruleset, first=first, options=played.options)
    for entry in entries:
        table.apply(entry)
    table.apply({"type": "finish"})
    return table


def check(ruleset, options, seed):
    played = new_game(ruleset, seed=seed, options=options)
    play_out(played, random.Random(seed))
    if played.result not in ("complete", None):
        return  # a slam ends a Rifki game early: a score table refuses the slam rule
    table = entered_like(played)
    assert table.deal_scores == played.deal_scores
    assert table.scores == played.scores
    assert table.winners == played.winners
    assert sum(table.scores) == sum(played.scores)
    assert replay(table.events) == table
    assert replay(table.events, verify=True) == table


@engine_settings()
@given(options=KING_OPTIONS, seed=st.integers(0, 2**32 - 1))
def test_king(options, seed):
    check("king", options, seed)


@engine_settings()
@given(options=RIFKI_OPTIONS.map(lambda o: {**o, "king_slam": "off"}), seed=st.integers(0, 2**32 - 1))
def test_rifki(options, seed):
    check("rifki", options, seed)


def test_a_whole_rifki_game_sums_to_zero_and_a_short_one_to_its_contracts_totals():
    # docs/rules.md §2.8: zero over a whole game; short mode plays 8 negatives and 4 trumps,
    # so its total is the sum of those contracts' totals, not zero.
    for short, deals in ((False, 20), (True, 12)):
        played = new_game("rifki", seed=7, options={"short_mode": short})
        play_out(played, random.Random(7))
        table = entered_like(played)
        assert table.is_over and len(table.deal_scores) == deals
        contracts = [r["contract"]["name"] for r in table.deals]
        expected = sum(650 if name == "trump" else RIFKI_TABLE_TOTAL[name] for name in contracts)
        assert sum(table.scores) == expected
        assert (expected == 0) is not short
