"""An outsider with only the export and the one-file verifier can check a finished match."""

import pytest

from games.engine import RULESETS
from tests.audit.conftest import read_records

pytestmark = pytest.mark.django_db


def test_a_finished_public_match_exports_its_seed_and_every_event_and_the_tool_passes_it(
    finished_match_export, verifier, verify_json
):
    match, path = finished_match_export
    records = read_records(path)
    header, record, events = records[0], records[1], records[2:]
    assert header["record"] == "header" and header["format"] == "kingrifki-log/2" and header["kind"] == "match"
    assert record == {
        "record": "match",
        "id": match.pk,
        "stream": match.stream,
        "ruleset": "king",
        "num_seats": 4,
        "options": match.options,
        "deal_rules": RULESETS["king"].deal_rules,
        "board": None,
        "seed_sha256": match.seed_sha256,
        "seed": match.seed,
        "live": False,
        "version": match.version,
        "head_hash": match.head_hash,
    }
    assert [e["version"] for e in events] == list(range(1, match.version + 1))
    assert events[-1]["hash"] == match.head_hash
    code, out = verifier(path)
    assert code == 0, out
    assert out.splitlines()[-1].startswith("OK:")
    code, report = verify_json(path)
    assert code == 0 and report["ok"] and report["failures"] == []
    passed = {(r["check"], r["stream"]) for r in report["results"] if r["status"] == "pass"}
    assert {("chain", match.stream), ("seed", match.stream), ("deals", match.stream)} <= passed
    assert {("rules", match.stream), ("end", match.stream)} <= passed  # every decision and score replayed
