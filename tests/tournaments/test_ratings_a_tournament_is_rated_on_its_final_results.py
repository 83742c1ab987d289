"""A tournament is rated on its final results: matches in the order played, an annulled match
not at all, an adjusted score as adjusted, and entrant ids turned into the book's keys."""

from tournaments.ratings import rate_match, rate_tournament

DRAW = [
    {"table": 1, "match": 1, "board": None, "seats": [1, 2, 3, 4]},
    {"table": 1, "match": 2, "board": None, "seats": [4, 3, 2, 1]},
    {"table": 1, "match": 3, "board": None, "seats": [2, 4, 1, 3]},
]
EVENTS = [
    {
        "type": "tournament_created",
        "format": "round_robin",
        "table_points": "place",
        "tie_breaks": [],
        "rated": True,
        "ruleset": "rifki",
    },
    *(
        {"type": "entrant_registered", "entrant": entrant, "name": f"p{entrant}", "kind": "user", "ranked": True}
        for entrant in range(1, 5)
    ),
    *(
        {"type": "round_started", "round": round_, "tables": [table], "byes": []}
        for round_, table in enumerate(DRAW, start=1)
    ),
    # reported out of order: rating follows the rounds, not the order results came in
    {"type": "match_result", "round": 3, **DRAW[2], "scores": [5, 5, 5, 50]},
    {"type": "match_result", "round": 1, **DRAW[0], "scores": [40, 30, 20, 10]},
    {"type": "match_result", "round": 2, **DRAW[1], "scores": [40, 30, 20, 10]},
    {"type": "ruling", "kind": "annul_match", "match": 2},
    {"type": "ruling", "kind": "adjust_score", "match": 3, "seat": 0, "delta": 100},
]


def test_the_book_holds_the_final_results_rated_in_round_order():
    keys = {1: "user:11", 2: "user:12", 3: "user:13", 4: "user:14"}

    book = rate_tournament({}, EVENTS, key_of=keys.get)

    expected = rate_match({}, ["user:11", "user:12", "user:13", "user:14"], [40, 30, 20, 10])
    expected = rate_match(expected, ["user:12", "user:14", "user:11", "user:13"], [105, 5, 5, 50])
    assert book == {"rifki": expected}
