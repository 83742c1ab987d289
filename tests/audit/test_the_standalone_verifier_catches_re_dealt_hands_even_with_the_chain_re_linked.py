"""A forger who changes dealt cards and recomputes every hash after them gets a chain that
holds; the deal, re-derived from the seed, still names the version."""

import pytest

from tests.audit.conftest import events_of, failures, read_records, relink, write_records

pytestmark = pytest.mark.django_db


def test_swapped_cards_with_a_re_linked_chain_pass_the_chain_and_fail_the_deal(finished_match_export, verify_json):
    match, path = finished_match_export
    records = read_records(path)
    deal = [e for e in events_of(records, match.stream) if e["type"] == "deal_started"][2]
    hands = deal["payload"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]  # still a whole pack
    hands[0].sort(), hands[1].sort()
    relink(records, match.stream, deal["version"])
    write_records(path, records)
    code, report = verify_json(path)
    assert code == 1
    assert failures(report) == [("deals", match.stream, deal["version"])]
    chain = next(r for r in report["results"] if r["check"] == "chain")
    assert chain["status"] == "pass"


def test_a_deal_moved_to_another_dealer_with_the_seeds_cards_for_him_is_named_too(finished_match_export, verify_json):
    """The seed's cards, dealt from another seat: only the dealer rotation gives it away."""
    from games.engine.deal import deal_hands

    match, path = finished_match_export
    records = read_records(path)
    deal = [e for e in events_of(records, match.stream) if e["type"] == "deal_started"][3]
    payload = deal["payload"]
    payload["dealer"] = (payload["dealer"] + 1) % 4
    payload["hands"] = deal_hands(bytes.fromhex(match.seed), payload["deal_key"], (payload["dealer"] + 1) % 4, 1)
    relink(records, match.stream, deal["version"])
    code, report = verify_json(write_records(path, records))
    assert code == 1 and failures(report) == [("deals", match.stream, deal["version"])]
    assert "rotation" in report["failures"][0]["message"]
