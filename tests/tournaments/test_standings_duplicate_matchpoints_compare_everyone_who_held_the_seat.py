"""In duplicate, each result is compared with the results of everyone who held the same seat on
the same board: 2 matchpoints per result beaten, 1 per tie. The standings rank by matchpoints,
and percentage is matchpoints over the most the entrant could have earned."""

from tests.fixtures.tournament_events import created, registered_all, round_played, table
from tournaments.standings import ranking, rebuild

DRAW = [
    table(1, match=1, seats=[1, 2, 3, 4], board="B1"),
    table(2, match=2, seats=[5, 6, 7, 8], board="B1"),
    table(3, match=3, seats=[9, 10, 11, 12], board="B1"),
]
EVENTS = [
    created("duplicate"),
    *registered_all(range(1, 13)),
    *round_played(1, (DRAW[0], [30, 10, 0, -40]), (DRAW[1], [20, 10, 5, -35]), (DRAW[2], [10, 10, 5, -25])),
]


def test_each_seat_is_scored_against_the_same_seat_at_the_other_tables():
    rows = {row.entrant: row for row in ranking(rebuild(EVENTS))}

    # seat 1 of board B1: 30 > 20 > 10
    assert [rows[entrant].matchpoints for entrant in (1, 5, 9)] == [4, 2, 0]
    # seat 2: 10 = 10 = 10, a tie with both others
    assert [rows[entrant].matchpoints for entrant in (2, 6, 10)] == [2, 2, 2]
    # seat 3: 0 < 5 = 5
    assert [rows[entrant].matchpoints for entrant in (3, 7, 11)] == [0, 3, 3]
    assert [rows[entrant].percentage for entrant in (1, 7, 9)] == [100, 75, 0]


def test_the_standings_rank_by_matchpoints_not_by_table_points():
    rows = ranking(rebuild(EVENTS))

    best_matchpoints_first = [row.matchpoints for row in rows]
    assert best_matchpoints_first == sorted(best_matchpoints_first, reverse=True)
    seat_4_winner = next(row for row in rows if row.entrant == 12)
    assert (seat_4_winner.table_points, seat_4_winner.matchpoints, seat_4_winner.rank) == (0, 4, 1)
