"""The last 10 events of a finished match dropped and its record's head moved back onto the last
one kept: the chain holds, and every decision left is legal; but the game stops before
game_ended while the record says the match is not live. The verifier names the match and the
version it stops at. A forger who also marks it live is caught by a head the site published."""

import pytest

from tests.audit.conftest import events_of, failures, read_records, relink, write_records

pytestmark = pytest.mark.django_db


def cut(records, stream, count):
    """``records`` without the stream's last ``count`` events, its record's head moved back."""
    kept = records[:-count]
    last = events_of(kept, stream)[-1]["version"]
    relink(kept, stream, last + 1)  # no hash changes: the record's head_hash becomes the last one's
    next(r for r in kept if r["record"] == "match")["version"] = last
    return kept, last


def test_a_match_stopping_before_game_ended_fails_the_end_check_at_its_last_version(finished_match_export, verify_json):
    match, path = finished_match_export
    records, last = cut(read_records(path), match.stream, 10)
    assert records[1]["live"] is False
    code, report = verify_json(write_records(path, records))
    assert code == 1
    assert ("end", match.stream, last) in failures(report)
    assert {check for check, _, _ in failures(report)} <= {"end", "rules"}  # rules: if cut inside an append
    failure = next(f for f in report["failures"] if f["check"] == "end")
    assert f"stops at version {last}, before game_ended" in failure["message"]
    assert "cut from its end" in failure["message"]
    assert next(r for r in report["results"] if r["check"] == "chain")["status"] == "pass"


def test_marked_live_as_well_it_is_caught_by_the_head_the_site_published(finished_match_export, verifier):
    """The records are not hashed: a forger may say the match is live, and the end check takes
    the record's word for it. A head noted down from the site is not the forger's to change."""
    match, path = finished_match_export
    published = f"{match.stream}:{match.version}:{match.head_hash}"
    records, last = cut(read_records(path), match.stream, 10)
    records[1]["live"] = True
    write_records(path, records)
    code, out = verifier(path, "--head", published)
    assert f"PASS  end         {match.stream}" in out and f"in play at version {last}" in out
    assert code == 1 and "FAIL  published head" in out and "before the published head" in out
