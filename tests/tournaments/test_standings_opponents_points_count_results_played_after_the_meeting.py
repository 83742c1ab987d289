"""Opponents' points sum the final points of everyone an entrant met, so an opponent's later
results still count: they are derived when the standings are read, never stored at fold time."""

from tests.fixtures.tournament_events import created, registered_all, round_played, table
from tournaments.standings import fold, ranking, rebuild

CREATED_AND_ENTERED = [created("swiss", tie_breaks=["opponents_points"]), *registered_all(range(1, 6))]
ROUND_ONE = round_played(1, (table(1, match=1, seats=[1, 2, 3, 4]), [40, 30, 20, 10]), byes=[5])
ROUND_TWO_WITHOUT_ENTRANT_1 = round_played(2, (table(1, match=2, seats=[5, 4, 3, 2]), [0, 30, 20, 10]), byes=[1])


def opponents_points_of(standings, entrant):
    row = next(row for row in ranking(standings) if row.entrant == entrant)
    return dict(row.tie_breaks)["opponents_points"]


def test_an_opponents_later_results_raise_the_sum():
    after_round_one = rebuild(CREATED_AND_ENTERED + ROUND_ONE)
    after_round_two = rebuild(CREATED_AND_ENTERED + ROUND_ONE + ROUND_TWO_WITHOUT_ENTRANT_1)

    assert opponents_points_of(after_round_one, 1) == 2 + 1 + 0
    assert opponents_points_of(after_round_two, 1) == (2 + 1) + (1 + 2) + (0 + 3)


def test_a_folded_value_reads_the_same_sum_as_a_rebuild():
    folded = rebuild(CREATED_AND_ENTERED + ROUND_ONE)
    for event in ROUND_TWO_WITHOUT_ENTRANT_1:
        folded = fold(folded, event)

    assert opponents_points_of(folded, 1) == 9
