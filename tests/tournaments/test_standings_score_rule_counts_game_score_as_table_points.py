"""Under the "score" rule a seat's table points are its game score (rulings included)."""

from tournaments.standings import points_at_table, ranking, rebuild


def test_table_points_are_the_game_scores():
    assert points_at_table([12, -3, 0, 12], "score") == (12, -3, 0, 12)


def test_the_standings_sum_game_scores_as_table_points():
    events = [
        {
            "type": "tournament_created",
            "format": "round_robin",
            "table_points": "score",
            "tie_breaks": [],
            "rated": False,
            "ruleset": "king",
        },
        *(
            {"type": "entrant_registered", "entrant": entrant, "name": f"p{entrant}", "kind": "user", "ranked": True}
            for entrant in range(1, 5)
        ),
        {
            "type": "round_started",
            "round": 1,
            "byes": [],
            "tables": [{"table": 1, "match": 1, "board": None, "seats": [1, 2, 3, 4]}],
        },
        {
            "type": "match_result",
            "round": 1,
            "table": 1,
            "match": 1,
            "board": None,
            "seats": [1, 2, 3, 4],
            "scores": [-20, 50, 30, 10],
        },
        {"type": "ruling", "kind": "adjust_score", "match": 1, "seat": 0, "delta": 5},
    ]

    rows = ranking(rebuild(events))

    assert [(row.entrant, row.table_points) for row in rows] == [
        (2, 50),
        (3, 30),
        (4, 10),
        (1, -15),
    ]
