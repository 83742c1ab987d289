"""A bye is worth what an average match is worth: 1.5 table points under "place" (6 / 4), and
0 under "score", where no average game score exists. In duplicate it earns no matchpoints and
adds nothing to the maximum, so it leaves the percentage unchanged."""

import pytest

from tournaments.standings import ranking, rebuild


def five_entrants_one_bye(format_, table_points):
    return [
        {
            "type": "tournament_created",
            "format": format_,
            "table_points": table_points,
            "tie_breaks": [],
            "rated": False,
            "ruleset": "rifki",
        },
        *(
            {"type": "entrant_registered", "entrant": entrant, "name": f"p{entrant}", "kind": "user", "ranked": True}
            for entrant in range(1, 6)
        ),
        {
            "type": "round_started",
            "round": 1,
            "byes": [5],
            "tables": [{"table": 1, "match": 1, "board": "A", "seats": [1, 2, 3, 4]}],
        },
        {
            "type": "match_result",
            "round": 1,
            "table": 1,
            "match": 1,
            "board": "A",
            "seats": [1, 2, 3, 4],
            "scores": [40, 30, 20, 10],
        },
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
    events = five_entrants_one_bye("duplicate", "place") + [
        {
            "type": "round_started",
            "round": 2,
            "byes": [1],
            "tables": [{"table": 1, "match": 2, "board": "A", "seats": [5, 2, 3, 4]}],
        },
        {
            "type": "match_result",
            "round": 2,
            "table": 1,
            "match": 2,
            "board": "A",
            "seats": [5, 2, 3, 4],
            "scores": [0, 30, 20, 10],
        },
    ]

    first = row_of(events, 1)

    assert (first.byes, first.matchpoints, first.percentage) == (1, 2, 100)
