"""Head-to-head orders entrants still tied by how they fared against each other: +1 for each
time one finished above another of the tie at a shared table, -1 below. Entrants of a tie who
never met stay tied."""

from tests.fixtures.tournament_events import created, numbered_round, registered_all
from tournaments.standings import ranking, rebuild

EVENTS = [
    created("swiss", ruleset="rifki", tie_breaks=["head_to_head"]),
    *registered_all(range(1, 9)),
    *numbered_round(1, ([1, 2, 3, 4], [10, 5, 0, -5]), ([5, 6, 7, 8], [4, 3, 2, 1])),
    *numbered_round(2, ([5, 1, 6, 7], [10, 5, 0, -1]), ([2, 3, 4, 8], [10, 5, 0, -1])),
]


def test_the_entrant_that_won_the_meeting_goes_first():
    second, third = ranking(rebuild(EVENTS))[1:3]

    assert (second.entrant, second.table_points, second.rank) == (1, 5, 2)
    assert (third.entrant, third.table_points, third.rank) == (2, 5, 3)
    assert dict(second.tie_breaks) == {"head_to_head": 1}
    assert dict(third.tie_breaks) == {"head_to_head": -1}


def test_tied_entrants_that_never_met_stay_tied():
    rows = {row.entrant: row for row in ranking(rebuild(EVENTS))}

    assert rows[3].table_points == rows[6].table_points == 3
    assert rows[3].rank == rows[6].rank == 4
    assert rows[3].tie_breaks == rows[6].tie_breaks == (("head_to_head", 0),)
