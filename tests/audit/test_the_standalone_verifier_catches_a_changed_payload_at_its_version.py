"""Editing any event in an export breaks its hash: the verifier names the stream and version."""

import pytest

from tests.audit.conftest import events_of, failures, read_records, write_records

pytestmark = pytest.mark.django_db


def test_a_card_changed_in_one_play_fails_the_chain_at_that_version_and_nowhere_else(
    finished_match_export, verifier, verify_json
):
    match, path = finished_match_export
    records = read_records(path)
    play = [e for e in events_of(records, match.stream) if e["type"] == "play"][20]
    play["payload"]["card"] = "AS" if play["payload"]["card"] != "AS" else "KS"
    write_records(path, records)
    code, report = verify_json(path)
    assert code == 1 and not report["ok"]
    assert failures(report) == [("chain", match.stream, play["version"])]
    assert "hash does not match" in report["failures"][0]["message"]
    code, text = verifier(path)
    assert code == 1
    assert f"FAIL  chain       {match.stream} v{play['version']}" in text
    assert text.splitlines()[-1].startswith("FAILED:")


def test_a_changed_actor_in_the_metadata_is_caught_too(finished_match_export, verify_json):
    match, path = finished_match_export
    records = read_records(path)
    event = events_of(records, match.stream)[5]
    event["metadata"]["actor"] = "user:999"
    write_records(path, records)
    code, report = verify_json(path)
    assert code == 1 and failures(report) == [("chain", match.stream, 6)]
