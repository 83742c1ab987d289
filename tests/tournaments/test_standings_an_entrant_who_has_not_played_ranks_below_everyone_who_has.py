"""Under the "score" rule points can be negative; an entrant who has played no match (registered
after round 1 was drawn) has 0 points from nothing and must not rank above those who played."""

from tests.fixtures.tournament_events import created, one_table, registered, registered_all, round_played, table
from tournaments.standings import ranking, rebuild


def one_round_then_a_late_entrant(table_points, scores):
    return [
        *one_table(scores, table_points=table_points, tie_breaks=["game_score"]),
        registered(5),  # too late for round 1
    ]


def test_a_late_entrant_ranks_below_players_with_negative_scores():
    rows = ranking(rebuild(one_round_then_a_late_entrant("score", [-100, -200, -300, -400])))

    assert [(row.entrant, row.rank) for row in rows] == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]
    assert rows[-1].matches == 0


def test_a_late_entrant_ranks_last_under_place_points_too():
    rows = ranking(rebuild(one_round_then_a_late_entrant("place", [-100, -200, -300, -400])))

    assert [row.entrant for row in rows] == [1, 2, 3, 4, 5]
    assert rows[3].table_points == 0 and rows[4].table_points == 0
    assert rows[3].rank == 4 and rows[4].rank == 5  # level on points, but only one of them played


def test_a_bye_counts_as_taking_part():
    events = [
        created("swiss", table_points="score", tie_breaks=["game_score"]),
        *registered_all(range(1, 6)),
        *round_played(1, (table(1, match=1, seats=[1, 2, 3, 4]), [-100, -200, -300, -400]), byes=[5]),
        registered(6),
    ]

    rows = ranking(rebuild(events))

    # The bye is worth 0 under "score": it ranks by its points among those who took part.
    assert [row.entrant for row in rows] == [5, 1, 2, 3, 4, 6]


def test_entrants_who_have_not_played_share_the_last_rank():
    events = one_round_then_a_late_entrant("score", [10, 0, -10, -20]) + [registered(6)]

    rows = ranking(rebuild(events))

    assert [(row.entrant, row.rank) for row in rows][-2:] == [(5, 5), (6, 5)]
