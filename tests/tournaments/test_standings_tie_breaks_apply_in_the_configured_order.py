"""Tie-breaks apply in the order the tournament configured: the same results can put either of
two entrants level on points first, and with no tie-breaks they share the rank."""

import pytest

from tests.fixtures.tournament_events import created, numbered_round, registered_all
from tournaments.standings import ranking, rebuild


def events(tie_breaks):
    """Entrants 1 and 2 both end on 5 table points: 1 by two shared firsts with a big game
    score, 2 by a win and a second place with a small one."""
    return [
        created("swiss", tie_breaks=tie_breaks),
        *registered_all(range(1, 9)),
        *numbered_round(1, ([1, 3, 4, 5], [100, 100, 0, -10]), ([2, 6, 7, 8], [10, 5, 0, -1])),
        *numbered_round(2, ([1, 6, 7, 3], [100, 100, 0, -5]), ([2, 4, 5, 8], [1, 5, 0, -1])),
    ]


@pytest.mark.parametrize(
    ("tie_breaks", "top_two"),
    [
        (["game_score", "wins"], [(1, 1), (2, 2)]),
        (["wins", "game_score"], [(2, 1), (1, 2)]),
        ([], [(1, 1), (2, 1)]),
    ],
)
def test_the_first_tie_break_that_differs_decides(tie_breaks, top_two):
    rows = ranking(rebuild(events(tie_breaks)))

    assert [row.table_points for row in rows[:2]] == [5, 5]
    assert [(row.entrant, row.rank) for row in rows[:2]] == top_two


def test_rows_carry_the_tie_break_values_in_the_configured_order():
    rows = {row.entrant: row for row in ranking(rebuild(events(["wins", "game_score"])))}

    assert rows[1].tie_breaks == (("wins", 0), ("game_score", 200))
    assert rows[2].tie_breaks == (("wins", 1), ("game_score", 11))
