"""A finished tournament's export: its revealed seed re-derives every match's seed and deals,
and the root hash over all its streams is recomputed from the events."""

import json

import pytest

from tests.audit.conftest import events_of, failures, read_records, relink, write_records
from tests.fixtures.verifier import write_lines
from tournaments import read
from tournaments.export import tournament_export_lines

pytestmark = pytest.mark.django_db


def test_the_tournament_and_its_match_verify_with_seeds_derived_and_the_root_hash(
    finished_tournament, tmp_path, verify_json
):
    tournament, matches = finished_tournament
    path = write_lines(tmp_path / "tournament.jsonl", tournament_export_lines(tournament))
    records = read_records(path)
    header, record = records[0], records[1]
    assert header["kind"] == "tournament"
    assert record["seed"] == tournament.seed and record["root_hash"] == read.root_hash(tournament)
    assert record["matches"] == [m.pk for m in matches]
    assert [r["id"] for r in records if r["record"] == "match"] == record["matches"]
    assert all(r["seed"] == m.seed for r, m in zip(records[2:], matches))  # public: the round is closed
    assert [r["stream"] for r in records if r["record"] == "event"][0] == tournament.stream
    code, report = verify_json(path)
    assert code == 0, report["failures"]
    passed = {(r["check"], r["stream"]) for r in report["results"] if r["status"] == "pass"}
    assert {("seed", tournament.stream), ("results", tournament.stream), ("root hash", tournament.stream)} <= passed
    for match in matches:
        assert {("chain", match.stream), ("match seeds", match.stream), ("deals", match.stream)} <= passed
        assert {("rules", match.stream), ("end", match.stream)} <= passed


def test_with_only_the_tournament_seed_every_deal_still_re_derives(finished_tournament, tmp_path, verify_json):
    tournament, matches = finished_tournament
    records = [json.loads(line) for line in tournament_export_lines(tournament)]
    for record in records:
        if record["record"] == "match":
            record["seed"] = None
    code, report = verify_json(write_records(tmp_path / "derived.jsonl", records))
    assert code == 0, report["failures"]
    deals = [r for r in report["results"] if r["check"] == "deals"]
    assert len(deals) == len(matches) and all(r["status"] == "pass" for r in deals)


def test_a_match_left_out_of_the_export_fails_the_root_hash(finished_tournament, tmp_path, verify_json):
    tournament, matches = finished_tournament
    records = read_records(write_lines(tmp_path / "t.jsonl", tournament_export_lines(tournament)))
    gone = matches[0].stream
    records = [r for r in records if r.get("stream") != gone]
    records[1]["matches"] = [m for m in records[1]["matches"] if m != matches[0].pk]
    code, report = verify_json(write_records(tmp_path / "cut.jsonl", records))
    assert code == 1
    tournament_head = events_of(records, tournament.stream)[-1]["version"]
    assert ("root hash", tournament.stream, tournament_head) in failures(report)
    round_started = next(e for e in events_of(records, tournament.stream) if e["type"] == "round_started")
    assert ("match seeds", tournament.stream, round_started["version"]) in failures(report)


def test_a_record_seed_other_than_the_revealed_one_is_named_at_tournament_ended(
    finished_tournament, tmp_path, verify_json
):
    tournament, _ = finished_tournament
    records = [json.loads(line) for line in tournament_export_lines(tournament)]
    records[1]["seed"] = "00" * 32
    code, report = verify_json(write_records(tmp_path / "seed.jsonl", records))
    ended = next(e for e in events_of(records, tournament.stream) if e["type"] == "tournament_ended")
    assert code == 1 and failures(report) == [("seed", tournament.stream, ended["version"])]


def test_a_forged_reveal_with_its_chain_re_linked_fails_the_commitment_at_version_1(
    finished_tournament, tmp_path, verify_json
):
    tournament, _ = finished_tournament
    records = [json.loads(line) for line in tournament_export_lines(tournament)]
    ended = next(e for e in events_of(records, tournament.stream) if e["type"] == "tournament_ended")
    ended["payload"]["seed"] = records[1]["seed"] = "00" * 32
    relink(records, tournament.stream, ended["version"])
    code, report = verify_json(write_records(tmp_path / "seed.jsonl", records))
    assert code == 1 and ("seed", tournament.stream, 1) in failures(report)
    assert ("root hash", tournament.stream, ended["version"]) in failures(report)  # the head moved
