"""Only a tournament created as rated moves anyone's rating."""

from tournaments.ratings import rate_tournament


def tournament(rated):
    return [
        {
            "type": "tournament_created",
            "format": "round_robin",
            "table_points": "score",
            "tie_breaks": [],
            "rated": rated,
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
            "scores": [40, 30, 20, 10],
        },
    ]


def test_an_unrated_tournament_changes_no_rating():
    assert rate_tournament({}, tournament(rated=False)) == {}


def test_a_rated_tournament_rates_its_players():
    assert set(rate_tournament({}, tournament(rated=True))["king"]) == {1, 2, 3, 4}
