"""Two seats' scores of one deal swapped, the change carried into the game's totals and
winners (and, in a tournament, into the match's recorded result), every hash after them
recomputed, heads and root hash too: the rules re-score the deal and name its deal_ended, with
the log's scores beside the rules'; the tournament's result no longer matches its match."""

import json

import pytest

from games.engine import RULESETS
from tests.audit.conftest import events_of, failures, forge_root, read_records, relink, write_records
from tests.fixtures.verifier import write_lines
from tournaments.export import tournament_export_lines

pytestmark = pytest.mark.django_db


def swap_scores(records, stream, ruleset, options):
    """Swap two seats' scores in a deal whose scores differ, and carry it into game_ended;
    returns (the deal_ended event, the new totals)."""
    events = events_of(records, stream)
    ended = next(e for e in events if e["type"] == "deal_ended" and len(set(e["payload"]["scores"][:2])) == 2)
    scores = ended["payload"]["scores"]
    difference = scores[1] - scores[0]
    scores[0], scores[1] = scores[1], scores[0]
    game = next(e for e in events if e["type"] == "game_ended")["payload"]
    totals = game["scores"]
    totals[0], totals[1] = totals[0] + difference, totals[1] - difference
    best = (min if RULESETS[ruleset].lowest_wins(options) else max)(totals)
    game["winners"] = [seat for seat, total in enumerate(totals) if total == best]
    relink(records, stream, ended["version"])
    return ended, totals


def test_in_a_match_export_the_deal_is_re_scored_and_named(finished_match_export, verify_json):
    match, path = finished_match_export
    records = read_records(path)
    ended, _ = swap_scores(records, match.stream, match.ruleset, match.options)
    code, report = verify_json(write_records(path, records))
    assert code == 1
    assert failures(report) == [("rules", match.stream, ended["version"])]
    message = report["failures"][0]["message"]
    assert message.startswith("mismatch: deal_ended: not what the rules produce: scores is")
    assert "in the log" in message and "by the rules" in message


def test_in_a_tournament_export_the_deal_and_the_recorded_result_are_named(finished_tournament, tmp_path, verify_json):
    tournament, matches = finished_tournament
    match = matches[0]
    records = [json.loads(line) for line in tournament_export_lines(tournament)]
    ended, totals = swap_scores(records, match.stream, match.ruleset, match.options)
    result = next(
        e
        for e in events_of(records, tournament.stream)
        if e["type"] == "match_result" and e["payload"]["match"] == match.pk
    )
    result["payload"]["scores"] = totals
    relink(records, tournament.stream, result["version"])
    forge_root(records, tournament)
    code, report = verify_json(write_records(tmp_path / "forged.jsonl", records))
    assert code == 1
    assert failures(report) == [
        ("rules", match.stream, ended["version"]),
        ("results", tournament.stream, result["version"]),
    ]
    assert f"match {match.pk} does not pass the rules check" in report["failures"][1]["message"]


def test_a_recorded_result_changed_alone_is_named_with_the_replayed_scores(finished_tournament, tmp_path, verify_json):
    tournament, matches = finished_tournament
    records = read_records(write_lines(tmp_path / "t.jsonl", tournament_export_lines(tournament)))
    result = next(e for e in events_of(records, tournament.stream) if e["type"] == "match_result")
    scores = result["payload"]["scores"]
    scores[0], scores[1] = scores[1] + 5, scores[0]
    relink(records, tournament.stream, result["version"])
    forge_root(records, tournament)
    code, report = verify_json(write_records(tmp_path / "forged.jsonl", records))
    assert code == 1 and failures(report) == [("results", tournament.stream, result["version"])]
    assert "the rules' replay of the match ends with" in report["failures"][0]["message"]
