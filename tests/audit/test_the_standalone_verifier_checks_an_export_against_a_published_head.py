"""``verify_export.py --head STREAM:VERSION:HASH``: an export must contain a head the site
published (the audit page, the tournament page, the verify report).

An export rewritten whole, its events re-chained and its records' heads recomputed, passes
every check that reads only the file; a head noted down before the rewrite does not match it.
"""

import json
import subprocess
import sys

import pytest

from tests.audit.conftest import VERIFIER, events_of, read_records, relink, write_records

pytestmark = pytest.mark.django_db


def head_of(match):
    return f"{match.stream}:{match.version}:{match.head_hash}"


def run(verifier, path, *heads):
    code, out = verifier(path, "--json", *[arg for head in heads for arg in ("--head", head)])
    report = json.loads(out)
    return code, [
        (r["status"], r["stream"], r["version"], r["message"])
        for r in report["results"]
        if r["check"] == "published head"
    ]


def test_the_export_of_a_published_head_passes(finished_match_export, verifier):
    match, path = finished_match_export
    code, heads = run(verifier, path, head_of(match))
    assert code == 0 and [h[0] for h in heads] == ["pass"]
    code, text = verifier(path)
    assert f"head {head_of(match)}" in text  # the verifier prints the head, to compare with the published one


def test_an_export_rewritten_whole_fails_against_the_head_published_before(finished_match_export, verifier):
    match, path = finished_match_export
    records = read_records(path)
    event = events_of(records, match.stream)[5]
    event["metadata"]["actor"] = "user:999"
    relink(records, match.stream, event["version"])
    write_records(path, records)
    assert verifier(path)[0] == 0  # the file alone holds together again
    code, heads = run(verifier, path, head_of(match))
    assert code == 1
    [(status, stream, version, message)] = heads
    assert (status, stream, version) == ("fail", match.stream, match.version)
    assert "not the log that was published" in message


def test_a_head_published_earlier_in_the_match_is_in_a_later_export(finished_match_export, verifier):
    match, path = finished_match_export
    earlier = events_of(read_records(path), match.stream)[9]
    code, heads = run(verifier, path, f"{match.stream}:{earlier['version']}:{earlier['hash']}")
    assert code == 0 and heads[0][0] == "pass" and f"runs on to version {match.version}" in heads[0][3]


def test_an_export_that_stops_before_the_published_head_fails(finished_match_export, verifier):
    match, path = finished_match_export
    code, heads = run(verifier, path, f"{match.stream}:{match.version + 5}:{'a' * 64}")
    assert code == 1 and heads == [
        (
            "fail",
            match.stream,
            match.version,
            f"the export ends at version {match.version}, before the published head at version {match.version + 5}",
        )
    ]


def test_a_head_of_a_stream_the_export_does_not_hold_fails(finished_match_export, verifier):
    match, path = finished_match_export
    code, heads = run(verifier, path, f"match/{match.pk + 1}:3:{'a' * 64}")
    assert code == 1 and heads[0][:2] == ("fail", f"match/{match.pk + 1}")


@pytest.mark.parametrize("head", ["match/1", "match/1:x:" + "a" * 64, "match/1:3:abc", ":3:" + "a" * 64])
def test_a_malformed_head_is_refused_as_a_usage_error(tmp_path, head):
    path = tmp_path / "empty.jsonl"
    path.write_text("")
    result = subprocess.run(
        [sys.executable, "-I", str(VERIFIER), str(path), "--head", head], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2 and "STREAM:VERSION:HASH" in result.stderr and not result.stdout
