"""A standings checkpoint stored before ``Config`` said which score wins still loads: the flag
is asked of the ruleset as ``tournament_created`` asks it (``lowest_wins`` with the options the
checkpoint kept, its table size), so folding on from it equals a rebuild."""

import pytest

from games.engine import RULESETS
from tests.fixtures.tournament_events import one_table
from tournaments.standings import fold, from_checkpoint, ranking, rebuild, to_checkpoint


def stream(ruleset, options, size):
    entrants = list(range(1, size + 1))
    return one_table(entrants, ruleset=ruleset, tie_breaks=["game_score"], rated=True, options=options)


CASES = [
    (name, {"players": size} if "players" in ruleset.flags else {}, size)
    for name, ruleset in RULESETS.items()
    for size in sorted({ruleset.default_seats, ruleset.seats.start})
]


@pytest.mark.parametrize("ruleset, options, size", CASES)
def test_an_old_checkpoint_without_the_flag_folds_on_like_a_rebuild(ruleset, options, size):
    events = stream(ruleset, options, size)
    old = to_checkpoint(rebuild(events[:-1]))
    del old["config"]["lowest_wins"]
    loaded = from_checkpoint(old)
    assert loaded.config.lowest_wins == RULESETS[ruleset].lowest_wins(options)
    assert loaded == rebuild(events[:-1])
    assert ranking(fold(loaded, events[-1])) == ranking(rebuild(events))


def test_the_flag_follows_the_ruleset_both_ways():
    flags = {RULESETS[ruleset].lowest_wins(options) for ruleset, options, _ in CASES}
    assert flags == {True, False}  # the engine has games of both kinds
    for ruleset, options, size in CASES:
        standings = rebuild(stream(ruleset, options, size))
        best = [row.entrant for row in ranking(standings)][0]
        assert best == (1 if RULESETS[ruleset].lowest_wins(options) else size)  # entrant e scored e
