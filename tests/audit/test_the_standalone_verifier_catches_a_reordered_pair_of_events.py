"""Two events swapped in the file are out of order, even though each hash still holds."""

import pytest

from tests.audit.conftest import failures, read_records, write_records

pytestmark = pytest.mark.django_db


def test_swapping_two_events_fails_the_chain_at_the_first_version_out_of_place(finished_match_export, verify_json):
    match, path = finished_match_export
    records = read_records(path)
    i = next(i for i, r in enumerate(records) if r["record"] == "event" and r["version"] == 30)
    records[i], records[i + 1] = records[i + 1], records[i]
    write_records(path, records)
    code, report = verify_json(path)
    assert code == 1
    assert failures(report) == [("chain", match.stream, 30)]
    assert "out of order" in report["failures"][0]["message"]


def test_swapping_the_last_two_events_is_an_order_fault_not_a_cut(finished_match_export, verify_json):
    match, path = finished_match_export
    records = read_records(path)
    records[-2], records[-1] = records[-1], records[-2]
    write_records(path, records)
    code, report = verify_json(path)
    assert code == 1 and failures(report) == [("chain", match.stream, match.version - 1)]
