"""Cutting the end of a stream leaves an intact chain, but not the head the record declares."""

import pytest

from tests.audit.conftest import failures, read_records, write_records

pytestmark = pytest.mark.django_db


def test_a_missing_last_event_fails_the_head_at_that_version(finished_match_export, verify_json):
    match, path = finished_match_export
    records = read_records(path)
    last = records.pop()
    assert last["version"] == match.version and last["type"] == "game_ended"
    write_records(path, records)
    code, report = verify_json(path)
    assert code == 1
    assert failures(report) == [("chain", match.stream, match.version)]
    assert "removed from the end" in report["failures"][0]["message"]
