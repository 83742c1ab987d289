"""Seats level on game score share the place points of the places they span."""

import pytest

from tests.fixtures.tournament_events import created, registered, round_played, table
from tournaments.standings import points_at_table, ranking, rebuild


@pytest.mark.parametrize(
    ("scores", "table_points"),
    [
        ([10, 10, 5, 0], (2.5, 2.5, 1, 0)),  # two share 1st and 2nd: (3 + 2) / 2
        ([10, 5, 5, 5], (3, 1, 1, 1)),  # three share 2nd..4th: (2 + 1 + 0) / 3
        ([7, 7, 7, 1], (2, 2, 2, 0)),  # three share 1st..3rd: (3 + 2 + 1) / 3
        ([9, 4, 0, 0], (3, 2, 0.5, 0.5)),  # two share the last two places
        ([3, 3, 3, 3], (1.5, 1.5, 1.5, 1.5)),  # everyone level
        ([0, 20, 10, -5], (1, 3, 2, 0)),  # no tie: seat order does not matter
    ],
)
def test_tied_seats_get_the_mean_of_their_places(scores, table_points):
    assert points_at_table(scores, "place") == table_points


def test_the_split_reaches_the_standings():
    drawn = table(1, match=1, seats=[1, 2, 3, 4])
    events = [
        created("swiss"),
        *(registered(entrant, name) for entrant, name in [(1, "Ada"), (2, "Bo"), (3, "Cy"), (4, "Di")]),
        *round_played(1, (drawn, [10, 10, 5, 0])),
    ]

    points = {row.name: row.table_points for row in ranking(rebuild(events))}

    assert points == {"Ada": 2.5, "Bo": 2.5, "Cy": 1, "Di": 0}
