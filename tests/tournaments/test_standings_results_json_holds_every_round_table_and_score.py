"""results_json publishes a tournament's full results as JSON-ready data: settings, entrants,
every round's draw with each table's scores and table points, and the standings."""

import json

from tests.fixtures.tournament_events import created, registered_all, round_closed, round_played, round_started, table
from tournaments.standings import results_json

EVENTS = [
    created("swiss", ruleset="rifki", tie_breaks=["game_score"], rated=True),
    *registered_all(range(1, 6)),
    *round_played(1, (table(1, match=1, seats=[1, 2, 3, 4]), [40, 30, 30, 10]), byes=[5]),
    round_closed(1),
    round_started(2, [table(1, match=2, seats=[2, 3, 4, 5])], byes=[1]),
]


def test_the_results_survive_a_json_round_trip():
    results = results_json(EVENTS)

    assert json.loads(json.dumps(results)) == results


def test_the_results_hold_settings_entrants_rounds_and_standings():
    results = results_json(EVENTS)

    assert results["tournament"] == {
        "format": "swiss",
        "table_points": "place",
        "tie_breaks": ["game_score"],
        "rated": True,
        "ruleset": "rifki",
        "table_size": 4,
        "lowest_wins": False,
    }  # the ruleset's tables, and its highest score wins
    assert [entrant["name"] for entrant in results["entrants"]] == ["p1", "p2", "p3", "p4", "p5"]
    rounds = results["rounds"]
    assert [(round_["round"], round_["closed"], round_["byes"]) for round_ in rounds] == [
        (1, True, [5]),
        (2, False, [1]),
    ]
    assert results["rounds"][0]["tables"][0] == {
        "table": 1,
        "match": 1,
        "board": None,
        "seats": [1, 2, 3, 4],
        "replaces": None,
        "reported": [40, 30, 30, 10],
        "adjustments": [0, 0, 0, 0],
        "scores": [40, 30, 30, 10],
        "annulled": False,
        "table_points": [3, 1.5, 1.5, 0],
    }
    assert results["rounds"][1]["tables"][0]["scores"] is None
    assert [row["entrant"] for row in results["standings"]] == [1, 2, 3, 5, 4]
    assert results["standings"][0]["tie_breaks"] == {"game_score": 40}
