"""Two cards a seat played in two tricks of one deal, swapped (the plays and the tricks' cards
rewritten, every hash after them recomputed): the deal is still the seed's and every card was
in that hand, but in the earlier trick the seat now plays off the suit led while still holding
it. The rules refuse the play at its version, naming the rule."""

import pytest

from tests.audit.conftest import events_of, failures, read_records, relink, write_records

pytestmark = pytest.mark.django_db


def tricks_of(events):
    """[(trick event, {seat: its play event})] in log order (each trick's four plays before it)."""
    out, plays = [], {}
    for event in events:
        if event["type"] == "deal_started":
            plays = {}
        elif event["type"] == "play":
            plays[event["payload"]["seat"]] = event
        elif event["type"] == "trick":
            out.append((event, plays))
            plays = {}
    return out


def swappable(events):
    """(earlier play, later play) of one seat in one deal: the earlier followed the suit led, the
    later card is of another suit (so played in the earlier trick it is a revoke)."""
    deal_of, deal = {}, 0
    for event in events:
        deal += event["type"] == "deal_started"
        deal_of[event["version"]] = deal
    tricks = tricks_of(events)
    for i, (trick, plays) in enumerate(tricks):
        led = trick["payload"]["cards"][0][1]
        for seat, early in plays.items():
            if seat == trick["payload"]["leader"] or early["payload"]["card"][1] != led:
                continue
            for later, later_plays in tricks[i + 1 :]:
                late = later_plays[seat]
                if deal_of[later["version"]] == deal_of[trick["version"]] and late["payload"]["card"][1] != led:
                    return (trick, early), (later, late)
    raise AssertionError("no seat followed suit and later played another suit in the same deal")


def test_a_card_swapped_into_an_earlier_trick_is_a_revoke_named_at_its_version(finished_match_export, verify_json):
    match, path = finished_match_export
    records = read_records(path)
    (trick, early), (later, late) = swappable(events_of(records, match.stream))
    a, b = early["payload"]["card"], late["payload"]["card"]
    early["payload"]["card"], late["payload"]["card"] = b, a
    trick["payload"]["cards"] = [b if c == a else c for c in trick["payload"]["cards"]]
    later["payload"]["cards"] = [a if c == b else c for c in later["payload"]["cards"]]
    relink(records, match.stream, early["version"])
    code, report = verify_json(write_records(path, records))
    assert code == 1
    assert failures(report) == [("rules", match.stream, early["version"])]
    message = report["failures"][0]["message"]
    assert message.startswith("illegal_event/") and f"{b} cannot be played" in message
    assert next(r for r in report["results"] if r["check"] == "deals")["status"] == "pass"
