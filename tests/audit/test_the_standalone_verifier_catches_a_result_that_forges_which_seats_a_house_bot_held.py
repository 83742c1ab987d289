"""A tournament result's ``taken_over`` (the seats a house bot held at the match's end, which the
ratings count as forfeits) forged, its chain, head and root hash recomputed: the standalone
verifier reads the match's own hand-overs and names the result; the true list passes."""

import pytest

from tests.audit.conftest import events_of, failures, forge_root, read_records, relink, write_records
from tests.fixtures.verifier import write_lines
from tournaments.export import tournament_export_lines

pytestmark = pytest.mark.django_db


def test_a_result_naming_a_seat_no_house_bot_took_is_named(finished_tournament, tmp_path, verify_json):
    tournament, _matches = finished_tournament
    records = read_records(write_lines(tmp_path / "t.jsonl", tournament_export_lines(tournament)))
    result = next(e for e in events_of(records, tournament.stream) if e["type"] == "match_result")
    assert result["payload"]["taken_over"] == []  # every seat played its own match
    code, report = verify_json(tmp_path / "t.jsonl")
    assert code == 0, report["failures"]

    result["payload"]["taken_over"] = [1]  # seat 1's result made a forfeit that was not
    relink(records, tournament.stream, result["version"])
    forge_root(records, tournament)
    code, report = verify_json(write_records(tmp_path / "forged.jsonl", records))
    assert code == 1 and failures(report) == [("results", tournament.stream, result["version"])]
    assert "says a house bot held seats [1]" in report["failures"][0]["message"]
