"""A play's card changed to one its seat never held, every hash after it recomputed and the
record's head moved onto the new last hash: the chain holds and every deal is still the
seed's, but the rules refuse the play. The verifier names the match, the play's version and the
rule broken (the engine's code and words)."""

import pytest

from tests.audit.conftest import events_of, failures, read_records, relink, write_records

pytestmark = pytest.mark.django_db

PACK = [rank + suit for suit in "SHDC" for rank in "23456789TJQKA"]


def test_a_card_its_seat_never_held_fails_the_rules_at_the_plays_version(finished_match_export, verify_json, verifier):
    match, path = finished_match_export
    records = read_records(path)
    events = events_of(records, match.stream)
    play = [e for e in events if e["type"] == "play"][20]
    seat = play["payload"]["seat"]
    deal = [e for e in events if e["type"] == "deal_started" and e["version"] < play["version"]][-1]
    forged = next(card for card in PACK if card not in deal["payload"]["hands"][seat])
    play["payload"]["card"] = forged
    relink(records, match.stream, play["version"])
    write_records(path, records)

    code, report = verify_json(path)
    assert code == 1
    assert failures(report) == [("rules", match.stream, play["version"])]
    message = report["failures"][0]["message"]
    assert message.startswith("illegal_event/not_in_hand: play by seat")
    assert f"{forged} is not in seat {seat}'s hand" in message
    passed = {r["check"] for r in report["results"] if r["status"] == "pass"}
    assert {"chain", "seed", "deals"} <= passed  # what the verifier checked before: all still hold
    code, text = verifier(path)
    assert code == 1 and f"FAIL  rules       {match.stream} v{play['version']}" in text
