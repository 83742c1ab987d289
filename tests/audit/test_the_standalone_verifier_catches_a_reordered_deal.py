"""A deal's events put in another order, renumbered and re-linked so that the chain holds: two
plays of a trick exchanged (each seat still plays its own card), or, in an export whose seed is
not public (so the deals are taken from the log, each a whole pack), two whole deals exchanged.
The rules name the first event out of place."""

import json

import pytest

from games.record.export import match_export_lines
from tests.audit.conftest import events_of, failures, read_records, relink, write_records

pytestmark = pytest.mark.django_db


def reorder(records, stream, order):
    """The stream's events in ``order`` (a list of them), renumbered 1..n and re-linked, in the
    file where the stream's events were; returns the records."""
    first = next(i for i, r in enumerate(records) if r["record"] == "event" and r["stream"] == stream)
    others = [r for r in records[first:] if not (r["record"] == "event" and r["stream"] == stream)]
    for version, event in enumerate(order, 1):
        event["version"] = version
    records = records[:first] + order + others
    relink(records, stream, 1)
    return records


def test_two_plays_of_a_trick_exchanged_are_out_of_turn_at_the_first(finished_match_export, verify_json):
    match, path = finished_match_export
    records = read_records(path)
    events = events_of(records, match.stream)
    i = next(i for i, e in enumerate(events) if i > 100 and e["type"] == "play" and events[i + 1]["type"] == "play")
    events[i], events[i + 1] = events[i + 1], events[i]
    records = reorder(records, match.stream, events)
    code, report = verify_json(write_records(path, records))
    assert code == 1 and failures(report) == [("rules", match.stream, i + 1)]
    assert report["failures"][0]["message"].startswith("out_of_turn: play by seat")
    assert next(r for r in report["results"] if r["check"] == "chain")["status"] == "pass"


def test_two_whole_deals_exchanged_in_a_log_without_its_seed_are_named_at_the_first(play, tmp_path, verify_json):
    match = play()
    records = [json.loads(line) for line in match_export_lines(match, reveal_seed=False)]
    assert records[1]["seed"] is None
    events = events_of(records, match.stream)
    starts = [i for i, e in enumerate(events) if e["type"] == "deal_started"]
    second, third, fourth = starts[1], starts[2], starts[3]
    order = events[:second] + events[third:fourth] + events[second:third] + events[fourth:]
    records = reorder(records, match.stream, order)
    code, report = verify_json(write_records(tmp_path / "reordered.jsonl", records))
    assert code == 1 and failures(report) == [("rules", match.stream, second + 1)]
    message = report["failures"][0]["message"]
    assert message.startswith("mismatch: deal_started: not what the rules produce:")
    assert "deal is 3 in the log, 2 by the rules" in message
    deals = next(r for r in report["results"] if r["check"] == "deals")
    assert deals["status"] == "skip"  # each deal is still one whole pack: only the rules see the order
