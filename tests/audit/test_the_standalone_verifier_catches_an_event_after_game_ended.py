"""An event added after ``game_ended`` in a match export, chained and declared as the head,
fails the verifier at its version: nothing is appended after the end of a game."""

import copy

import pytest

from tests.audit.conftest import events_of, failures, read_records, relink, write_records

pytestmark = pytest.mark.django_db


def test_an_event_after_the_end_fails_the_chain_at_its_version(finished_match_export, verify_json):
    match, path = finished_match_export
    records = read_records(path)
    last = events_of(records, match.stream)[-1]
    assert last["type"] == "game_ended"
    added = {
        **copy.deepcopy(last),
        "version": last["version"] + 1,
        "type": "play",
        "payload": {"seat": 0, "card": "AS"},
    }
    records.append(added)
    next(r for r in records if r["record"] == "match")["version"] = added["version"]
    relink(records, match.stream, added["version"])
    write_records(path, records)
    code, report = verify_json(path)
    assert code == 1 and failures(report) == [("chain", match.stream, added["version"])]
    assert report["failures"][0]["message"] == (
        f"version {added['version']} (play) follows game_ended at version "
        f"{last['version']}: nothing is appended after the end of a game"
    )
