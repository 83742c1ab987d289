"""An event cut from the middle of a stream leaves a gap the verifier names."""

import pytest

from tests.audit.conftest import failures, read_records, write_records

pytestmark = pytest.mark.django_db


def test_a_missing_event_fails_the_chain_at_the_missing_version(finished_match_export, verify_json):
    match, path = finished_match_export
    records = read_records(path)
    gone = next(r for r in records if r["record"] == "event" and r["version"] == 12)
    records.remove(gone)
    write_records(path, records)
    code, report = verify_json(path)
    assert code == 1
    assert failures(report) == [("chain", match.stream, 12)]
    assert "missing" in report["failures"][0]["message"]
