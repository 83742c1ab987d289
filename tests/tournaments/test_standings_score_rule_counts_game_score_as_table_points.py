"""Under the "score" rule a seat's table points are its game score (rulings included)."""

from tests.fixtures.tournament_events import one_table, ruling
from tournaments.standings import points_at_table, ranking, rebuild


def test_table_points_are_the_game_scores():
    assert points_at_table([12, -3, 0, 12], "score") == (12, -3, 0, 12)


def test_the_standings_sum_game_scores_as_table_points():
    events = [
        *one_table([-20, 50, 30, 10], format="round_robin", table_points="score"),
        ruling("adjust_score", 1, seat=0, delta=5),
    ]

    rows = ranking(rebuild(events))

    assert [(row.entrant, row.table_points) for row in rows] == [
        (2, 50),
        (3, 30),
        (4, 10),
        (1, -15),
    ]
