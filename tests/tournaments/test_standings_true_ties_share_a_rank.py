"""Entrants level on points and on every tie-break share a rank, and the next rank counts the
entrants above it: 1, 2, 2, 4."""

from tournaments.standings import ranking, rebuild


def test_two_entrants_tied_on_everything_share_second_place():
    events = [
        {
            "type": "tournament_created",
            "format": "swiss",
            "table_points": "place",
            "tie_breaks": ["game_score", "wins", "head_to_head"],
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
            "scores": [40, 20, 20, 10],
        },
    ]

    ranks = [(row.entrant, row.rank) for row in ranking(rebuild(events))]

    assert ranks == [(1, 1), (2, 2), (3, 2), (4, 4)]
