"""A duplicate result reported later on the same board changes the matchpoints of everyone who
played that board before, in the folded value just as in a rebuild."""

from tournaments.standings import fold, ranking, rebuild

DRAW = [
    {"table": 1, "match": 1, "board": "B1", "seats": [1, 2, 3, 4]},
    {"table": 2, "match": 2, "board": "B1", "seats": [5, 6, 7, 8]},
    {"table": 3, "match": 3, "board": "B1", "seats": [9, 10, 11, 12]},
]
BEFORE = [
    {
        "type": "tournament_created",
        "format": "duplicate",
        "table_points": "place",
        "tie_breaks": [],
        "rated": False,
        "ruleset": "king",
    },
    *(
        {"type": "entrant_registered", "entrant": entrant, "name": f"p{entrant}", "kind": "user", "ranked": True}
        for entrant in range(1, 13)
    ),
    {"type": "round_started", "round": 1, "tables": DRAW, "byes": []},
    {"type": "match_result", "round": 1, **DRAW[0], "scores": [30, 10, 0, -40]},
    {"type": "match_result", "round": 1, **DRAW[1], "scores": [20, 10, 5, -35]},
]
LATER = {"type": "match_result", "round": 1, **DRAW[2], "scores": [40, 10, 5, -55]}


def matchpoints_and_percentage(standings, entrant):
    row = next(row for row in ranking(standings) if row.entrant == entrant)
    return row.matchpoints, row.percentage


def test_a_better_result_later_on_the_board_halves_the_earlier_leader():
    before = rebuild(BEFORE)
    after = fold(before, LATER)

    assert matchpoints_and_percentage(before, 1) == (2, 100)
    assert matchpoints_and_percentage(after, 1) == (2, 50)
    assert after == rebuild(BEFORE + [LATER])
