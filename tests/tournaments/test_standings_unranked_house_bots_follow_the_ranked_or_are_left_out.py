"""House bots fill empty seats but are never ranked: they follow the ranked entrants without a
rank (or are left out), and a bot's good result takes no rank from a person."""

from tournaments.standings import ranking, rebuild, standings_csv

EVENTS = [
    {
        "type": "tournament_created",
        "format": "swiss",
        "table_points": "place",
        "tie_breaks": [],
        "rated": False,
        "ruleset": "king",
    },
    {"type": "entrant_registered", "entrant": 1, "name": "Ada", "kind": "user", "ranked": True},
    {"type": "entrant_registered", "entrant": 2, "name": "Bo", "kind": "bot", "ranked": True},
    {"type": "entrant_registered", "entrant": 3, "name": "House 1", "kind": "house_bot", "ranked": False},
    {"type": "entrant_registered", "entrant": 4, "name": "House 2", "kind": "house_bot", "ranked": False},
    {
        "type": "round_started",
        "round": 1,
        "byes": [],
        "tables": [{"table": 1, "match": 1, "board": None, "seats": [3, 1, 4, 2]}],
    },
    {
        "type": "match_result",
        "round": 1,
        "table": 1,
        "match": 1,
        "board": None,
        "seats": [3, 1, 4, 2],
        "scores": [50, 30, 20, 10],
    },
]


def test_house_bots_follow_the_ranked_entrants_without_a_rank():
    rows = ranking(rebuild(EVENTS))

    assert [(row.name, row.rank) for row in rows] == [
        ("Ada", 1),
        ("Bo", 2),
        ("House 1", None),
        ("House 2", None),
    ]


def test_house_bots_can_be_left_out():
    rows = ranking(rebuild(EVENTS), include_unranked=False)

    assert [row.name for row in rows] == ["Ada", "Bo"]


def test_the_csv_lists_ranked_entrants_only():
    csv_text = standings_csv(ranking(rebuild(EVENTS)))

    assert "House" not in csv_text
