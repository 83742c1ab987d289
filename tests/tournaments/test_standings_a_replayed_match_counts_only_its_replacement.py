"""An arbiter's replay_match ruling annuls the match and has the same table play a replacement:
the replacement's result counts in its place, the annulled one for nobody, and the record keeps
both (the replacement names the match it replaces)."""

import json

from tests.fixtures.tournament_events import one_table, result, ruling, table
from tournaments.standings import fold, from_checkpoint, ranking, rebuild, results_json, to_checkpoint

SEATS = [1, 2, 3, 4]
EVENTS = [
    *one_table([40, 30, 20, 10], seats=SEATS, match=7, tie_breaks=["game_score"]),
    ruling("replay_match", 7, replacement=8, replay=1, reason="a fouled pack"),
]
REPLAYED = result(1, table(1, match=8, seats=SEATS), [-10, 0, 20, 30])


def by_entrant(events):
    return {row.entrant: row for row in ranking(rebuild(events))}


def test_until_the_replay_is_played_the_table_counts_for_nobody():
    rows = by_entrant(EVENTS)

    assert {(row.matches, row.table_points, row.game_score) for row in rows.values()} == {(0, 0, 0)}


def test_the_replacements_result_counts_in_place_of_the_annulled_one():
    rows = by_entrant(EVENTS + [REPLAYED])

    assert [rows[e].game_score for e in SEATS] == [-10, 0, 20, 30]
    assert [rows[e].table_points for e in SEATS] == [0, 1, 2, 3]
    assert [rows[e].matches for e in SEATS] == [1, 1, 1, 1]


def test_a_replacement_can_itself_be_replayed_and_only_the_last_result_counts():
    again = ruling("replay_match", 8, replacement=9, replay=2, reason="again")
    last = {**REPLAYED, "match": 9, "scores": [5, 5, 5, -15]}
    rows = by_entrant(EVENTS + [REPLAYED, again, last])

    assert [rows[e].game_score for e in SEATS] == [5, 5, 5, -15]
    assert [rows[e].matches for e in SEATS] == [1, 1, 1, 1]


def test_the_results_keep_the_annulled_match_and_show_what_replaced_it():
    tables = results_json(EVENTS + [REPLAYED])["rounds"][0]["tables"]

    assert [(t["match"], t["table"], t["annulled"], t["replaces"]) for t in tables] == [
        (7, 1, True, None),
        (8, 1, False, 7),
    ]
    assert tables[0]["reported"] == [40, 30, 20, 10] and tables[1]["scores"] == [-10, 0, 20, 30]


def test_a_stored_checkpoint_keeps_the_replay_so_its_result_folds_on():
    restored = from_checkpoint(json.loads(json.dumps(to_checkpoint(rebuild(EVENTS)))))

    assert restored == rebuild(EVENTS)
    assert ranking(fold(restored, REPLAYED)) == ranking(rebuild(EVENTS + [REPLAYED]))
