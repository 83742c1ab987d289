"""A finished Kings in the Corner match, pagat or Jax, at tables of 3 and 5: verify_match passes
every check, and its JSON Lines export verifies with the standalone tool, which re-derives every
hand (hands, layout, stock) from the revealed seed by the deal rules the export carries."""

import pytest

from games.record.audit import verify_match
from games.service.access import public_export
from tests.audit.conftest import events_of, read_records
from tests.audit.corners_matches import finished_corners
from tests.fixtures.verifier import write_lines

pytestmark = pytest.mark.django_db

TABLES = [("corners", 3), ("corners", 5), ("corners_jax", 3), ("corners_jax", 5)]


@pytest.mark.parametrize("ruleset, players", TABLES, ids=[f"{r}-{n}" for r, n in TABLES])
def test_verify_and_the_standalone_verifier_pass_a_finished_corners_match(
    make_bot, tmp_path, verify_json, ruleset, players
):
    match = finished_corners(make_bot, ruleset, players)
    assert match.num_seats == players
    findings = verify_match(match)
    assert [f.check for f in findings if not f.ok] == [], [f.as_json() for f in findings]
    assert {f.check for f in findings} >= {"chain", "head", "seed", "rules", "end"}
    path = write_lines(tmp_path / "corners.jsonl", public_export(match))
    records = read_records(path)
    started = [e for e in events_of(records, match.stream) if e["type"] == "deal_started"]
    assert len(started) >= 1 and all(len(e["payload"]["hands"]) == players for e in started)
    code, report = verify_json(path)
    assert code == 0, report["failures"]
    deals = next(r for r in report["results"] if r["check"] == "deals")
    assert deals["status"] == "pass" and "re-derived from the seed" in deals["message"]
    rules = next(r for r in report["results"] if r["check"] == "rules")
    assert rules["status"] == "pass" and f"rules of {ruleset} (deals from the seed)" in rules["message"]
