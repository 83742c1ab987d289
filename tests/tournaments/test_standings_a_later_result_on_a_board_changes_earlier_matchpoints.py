"""A duplicate result reported later on the same board changes the matchpoints of everyone who
played that board before, in the folded value just as in a rebuild."""

from tests.fixtures.tournament_events import created, registered_all, result, round_started, table
from tournaments.standings import fold, ranking, rebuild

DRAW = [
    table(1, match=1, seats=[1, 2, 3, 4], board="B1"),
    table(2, match=2, seats=[5, 6, 7, 8], board="B1"),
    table(3, match=3, seats=[9, 10, 11, 12], board="B1"),
]
BEFORE = [
    created("duplicate"),
    *registered_all(range(1, 13)),
    round_started(1, DRAW),
    result(1, DRAW[0], [30, 10, 0, -40]),
    result(1, DRAW[1], [20, 10, 5, -35]),
]
LATER = result(1, DRAW[2], [40, 10, 5, -55])


def matchpoints_and_percentage(standings, entrant):
    row = next(row for row in ranking(standings) if row.entrant == entrant)
    return row.matchpoints, row.percentage


def test_a_better_result_later_on_the_board_halves_the_earlier_leader():
    before = rebuild(BEFORE)
    after = fold(before, LATER)

    assert matchpoints_and_percentage(before, 1) == (2, 100)
    assert matchpoints_and_percentage(after, 1) == (2, 50)
    assert after == rebuild(BEFORE + [LATER])
