"""Withdrawing stops an entrant being drawn, not what it already played: its results stay, it
keeps its place in the standings, and the row says it withdrew."""

from tournaments.standings import ranking, rebuild, standings_csv

EVENTS = [
    {
        "type": "tournament_created",
        "format": "swiss",
        "table_points": "place",
        "tie_breaks": [],
        "rated": False,
        "ruleset": "rifki",
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
    {"type": "round_closed", "round": 1},
    {"type": "entrant_withdrawn", "entrant": 1},
]


def test_the_withdrawn_leader_stays_first_with_a_flag():
    leader = ranking(rebuild(EVENTS))[0]

    assert (leader.entrant, leader.rank, leader.withdrawn) == (1, 1, True)
    assert (leader.matches, leader.table_points, leader.game_score) == (1, 3, 40)


def test_the_csv_says_who_withdrew():
    lines = standings_csv(ranking(rebuild(EVENTS))).splitlines()

    assert lines[1].endswith(",yes")
    assert all(line.endswith(",no") for line in lines[2:])
