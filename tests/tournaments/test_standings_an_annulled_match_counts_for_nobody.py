"""An annulled match counts for nobody: no match played, no points, no game score, no
opponents met; the record keeps the match, marked annulled, for the audit."""

from tests.fixtures.tournament_events import one_table, ruling
from tournaments.standings import ranking, rebuild, results_json

EVENTS = [
    *one_table([40, 30, 20, 10], match=7, format="round_robin", tie_breaks=["opponents_points", "wins"]),
    ruling("annul_match", 7),
]


def test_nobody_keeps_anything_from_an_annulled_match():
    rows = ranking(rebuild(EVENTS))

    assert {(row.matches, row.table_points, row.game_score) for row in rows} == {(0, 0, 0)}
    assert {row.tie_breaks for row in rows} == {(("opponents_points", 0), ("wins", 0))}
    assert [row.rank for row in rows] == [1, 1, 1, 1]


def test_the_results_still_show_the_annulled_match():
    table = results_json(EVENTS)["rounds"][0]["tables"][0]

    assert (table["match"], table["scores"], table["annulled"]) == (7, [40, 30, 20, 10], True)
