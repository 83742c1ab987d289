"""A seed that is not the one committed before play fails its commitment at version 1."""

import pytest

from tests.audit.conftest import failures, read_records, write_records

pytestmark = pytest.mark.django_db


def test_another_seed_in_the_match_record_fails_the_commitment_in_game_started(finished_match_export, verify_json):
    match, path = finished_match_export
    records = read_records(path)
    records[1]["seed"] = ("ff" if not match.seed.startswith("ff") else "00") + match.seed[2:]
    write_records(path, records)
    code, report = verify_json(path)
    assert code == 1
    assert failures(report) == [("seed", match.stream, 1)]
    deals = next(r for r in report["results"] if r["check"] == "deals")
    assert deals["status"] == "skip"  # a seed that fails its commitment deals nothing


def test_a_forger_who_also_changes_the_records_commitment_is_still_caught(finished_match_export, verify_json):
    import hashlib

    match, path = finished_match_export
    records = read_records(path)
    forged = "ab" * 32
    records[1].update(seed=forged, seed_sha256=hashlib.sha256(bytes.fromhex(forged)).hexdigest())
    write_records(path, records)
    code, report = verify_json(path)
    assert code == 1 and failures(report) == [("seed", match.stream, 1)]  # game_started still says otherwise
