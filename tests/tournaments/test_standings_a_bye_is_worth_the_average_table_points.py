"""A bye is worth what an average match is worth: 1.5 table points under "place" (6 / 4), and
0 under "score", where no average game score exists. In duplicate it earns no matchpoints and
adds nothing to the maximum, so it leaves the percentage unchanged."""

import pytest

from tests.fixtures.tournament_events import created, registered_all, round_played, table
from tournaments.standings import ranking, rebuild


def five_entrants_one_bye(format_, table_points):
    return [
        created(format_, ruleset="rifki", table_points=table_points),
        *registered_all(range(1, 6)),
        *round_played(1, (table(1, match=1, seats=[1, 2, 3, 4], board="A"), [40, 30, 20, 10]), byes=[5]),
    ]


def row_of(events, entrant):
    return next(row for row in ranking(rebuild(events)) if row.entrant == entrant)


@pytest.mark.parametrize(("table_points", "worth"), [("place", 1.5), ("score", 0)])
def test_a_bye_earns_the_average_and_no_game_score(table_points, worth):
    bye = row_of(five_entrants_one_bye("swiss", table_points), 5)

    assert (bye.byes, bye.matches, bye.table_points, bye.game_score) == (1, 0, worth, 0)


def test_a_bye_ranks_between_the_places_it_averages():
    rows = ranking(rebuild(five_entrants_one_bye("swiss", "place")))

    assert [row.entrant for row in rows] == [1, 2, 5, 3, 4]


def test_a_duplicate_bye_leaves_the_percentage_unchanged():
    events = five_entrants_one_bye("duplicate", "place") + round_played(
        2, (table(1, match=2, seats=[5, 2, 3, 4], board="A"), [0, 30, 20, 10]), byes=[1]
    )

    first = row_of(events, 1)

    assert (first.byes, first.matchpoints, first.percentage) == (1, 2, 100)
