"""Pieces of the audit tests: exports as files and records, and the forger's tools (relinking a
chain, recomputing a root hash). The standalone verifier itself is shared:
tests/fixtures/verifier.py."""

import json
from pathlib import Path

import pytest

from games.record import eventlog
from games.service.access import public_export
from tests.fixtures.verifier import write_lines, write_verifier

ROOT = Path(__file__).resolve().parents[2]
VERIFIER = ROOT / "tools" / "verify_export.py"
SHORT_RIFKI = {"short_mode": True}
DOCUMENT_FIELDS = ("stream", "version", "type", "payload", "metadata", "recorded_at")


def read_records(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def write_records(path, records):
    return write_lines(path, [eventlog.canonical_json(r) for r in records])


@pytest.fixture
def finished_match_export(play, tmp_path):
    """(match, path) of the export of a finished, public King match."""
    match = play()
    return match, write_lines(tmp_path / "match.jsonl", public_export(match))


def engine_export_records(state, match_id=1):
    """An export of an engine game's events, hashed as the event log hashes them, with the match
    record the platform writes (the seed revealed): a game of any ruleset, no database needed."""
    from datetime import datetime, timezone

    from games.engine import RULESETS
    from games.record.export import FORMAT

    stream, prev_hash, when = f"match/{match_id}", eventlog.GENESIS_HASH, datetime(2025, 1, 1, tzinfo=timezone.utc)
    events = []
    for version, event in enumerate(state.events, 1):
        payload = {k: v for k, v in event.items() if k != "type"}
        doc = eventlog.event_document(stream, version, event["type"], payload, {"actor": "test"}, when)
        digest = eventlog.chain_hash(prev_hash, doc)
        events.append({"record": "event", **doc, "prev_hash": prev_hash, "hash": digest})
        prev_hash = digest
    start = state.events[0]
    return [
        {"record": "header", "format": FORMAT, "kind": "match", "exported_at": when.isoformat()},
        {
            "record": "match",
            "id": match_id,
            "stream": stream,
            "ruleset": state.ruleset,
            "num_seats": state.num_seats,
            "options": start["options"],
            "deal_rules": RULESETS[state.ruleset].deal_rules,
            "board": start.get("board"),
            "seed_sha256": start.get("seed_sha256"),
            "seed": state.seed.hex() if state.seed else None,
            "live": not state.is_over,
            "version": len(events),
            "head_hash": prev_hash,
        },
    ] + events


def events_of(records, stream):
    return [r for r in records if r["record"] == "event" and r["stream"] == stream]


def forge_root(records, tournament):
    """Recompute a tournament export's root hash over its records' declared heads, as a forger
    would after relinking a stream."""
    record = records[1]
    heads = [(tournament.stream, record["version"], record["head_hash"])] + [
        (r["stream"], r["version"], r["head_hash"]) for r in records if r["record"] == "match"
    ]
    record["root_hash"] = eventlog.root_hash(heads)


def relink(records, stream, from_version):
    """Recompute the hashes of ``stream`` from ``from_version`` on, as a forger would, and set
    its record's declared head to the new last hash: the chain then holds again."""
    prev_hash = eventlog.GENESIS_HASH
    for event in events_of(records, stream):
        if event["version"] >= from_version:
            event["prev_hash"] = prev_hash
            document = {name: event[name] for name in DOCUMENT_FIELDS}
            event["hash"] = eventlog.chain_hash(prev_hash, document)
        prev_hash = event["hash"]
    record = next(r for r in records if r["record"] in ("match", "tournament") and r["stream"] == stream)
    record["head_hash"] = prev_hash


@pytest.fixture(scope="session")
def verifier_file(tmp_path_factory):
    """The single-file verifier, alone in a directory of its own."""
    return write_verifier(tmp_path_factory.mktemp("outsider"))


def failures(report):
    """The report's failures as (check, stream, version), in order."""
    return [(f["check"], f["stream"], f["version"]) for f in report["failures"]]
