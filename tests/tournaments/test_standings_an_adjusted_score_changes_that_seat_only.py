"""An arbiter's adjust_score ruling changes one seat's game score in one match, and everything
derived from it (places, table points, wins) follows; adjustments to a seat add up."""

from tests.fixtures.tournament_events import one_table, ruling
from tournaments.standings import ranking, rebuild, results_json

EVENTS = [
    *one_table([40, 30, 20, 10], match=3, tie_breaks=["wins"]),
    ruling("adjust_score", 3, seat=3, delta=20),
    ruling("adjust_score", 3, seat=3, delta=15),
]


def test_the_adjusted_seat_moves_and_the_others_keep_their_scores():
    rows = {row.entrant: row for row in ranking(rebuild(EVENTS))}

    assert [rows[entrant].game_score for entrant in (1, 2, 3, 4)] == [40, 30, 20, 45]
    assert [rows[entrant].table_points for entrant in (1, 2, 3, 4)] == [2, 1, 0, 3]
    assert dict(rows[4].tie_breaks)["wins"] == 1


def test_the_results_keep_the_reported_scores_beside_the_adjustments():
    table = results_json(EVENTS)["rounds"][0]["tables"][0]

    assert table["reported"] == [40, 30, 20, 10]
    assert table["adjustments"] == [0, 0, 0, 35]
    assert table["scores"] == [40, 30, 20, 45]
