"""The one-file verifier knows no game: who deals, in which direction and how many cards comes
from the match record's deal rules (the ruleset descriptor's, as data). So a Kings in the
Corner game at any table size, with or without jokers, re-derives hand by hand from its seed
(the layout shuffle: hands, four base cards, the stock), and a forged hand, layout, stock or
dealer is named at its version. (Engine games, chained as the event log chains them.)"""

import random

import pytest

from games import engine
from tests.audit.conftest import engine_export_records, events_of, failures, relink, write_records

pytestmark = pytest.mark.django_db

TABLES = [
    ("corners", {"players": 2}),
    ("corners", {"players": 3, "setup_king_handling": "auto_corner_refill_from_stock"}),
    ("corners", {"players": 5, "becker_rules": True, "deal_size": 4}),
    ("corners", {"players": 6, "jokers_wild": True}),
    ("corners_jax", {"players": 4}),
]


def played(ruleset, options, seed=0):
    rng = random.Random(seed)
    state = engine.new_game(ruleset, seed=rng.randbytes(32), options=options)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def deals_in(records):
    return [e for e in events_of(records, "match/1") if e["type"] == "deal_started"]


@pytest.mark.parametrize("ruleset, options", TABLES, ids=[f"{r}-{o}" for r, o in TABLES])
def test_every_hand_of_a_finished_game_re_derives_from_the_seed(tmp_path, verify_json, ruleset, options):
    state = played(ruleset, options)
    records = engine_export_records(state)
    assert len(deals_in(records)) == len(state.deals) >= 1
    code, report = verify_json(write_records(tmp_path / "game.jsonl", records))
    assert code == 0, report["failures"]
    deals = next(r for r in report["results"] if r["check"] == "deals")
    assert deals["status"] == "pass" and "hmac-sha256-fy-layout-v1" in deals["message"]


def forge(records, change, deal_index=1):
    """Apply ``change`` to a deal's payload and re-link the chain after it, as a forger would."""
    deal = deals_in(records)[deal_index]
    change(deal["payload"])
    relink(records, "match/1", deal["version"])
    return deal["version"]


def swap_base_cards(payload):
    layout = payload["layout"]
    layout["N"], layout["E"] = layout["E"], layout["N"]


def swap_a_hand_card_with_the_stock_top(payload):
    hand, stock = payload["hands"][0], payload["stock"]
    hand[0], stock[-1] = stock[-1], hand[0]  # still one whole pack


def swap_two_hands(payload):
    hands = payload["hands"]
    hands[0], hands[1] = hands[1], hands[0]


@pytest.mark.parametrize("change", [swap_base_cards, swap_a_hand_card_with_the_stock_top, swap_two_hands])
def test_a_forged_layout_stock_or_hand_is_named_at_its_version_with_the_chain_re_linked(tmp_path, verify_json, change):
    records = engine_export_records(played("corners", {"players": 3}))
    version = forge(records, change)
    code, report = verify_json(write_records(tmp_path / "forged.jsonl", records))
    assert code == 1 and failures(report) == [("deals", "match/1", version)]
    assert "not the ones the seed deals" in report["failures"][0]["message"]


def test_the_seeds_cards_dealt_by_another_dealer_break_the_rotation(tmp_path, verify_json):
    from games.engine.corners_rules import sort_hand
    from games.engine.deal import layout_deal

    state = played("corners", {"players": 4})
    seed, records = state.seed, engine_export_records(state)

    def another_dealer(payload):
        payload["dealer"] = (payload["dealer"] + 1) % 4
        hands, layout, stock = layout_deal(seed, payload_key(payload), 4, (payload["dealer"] + 1) % 4, 1, 7)
        payload.update(hands=[sort_hand(h) for h in hands], layout=layout, stock=stock)

    version = forge(records, another_dealer)
    code, report = verify_json(write_records(tmp_path / "dealer.jsonl", records))
    assert code == 1 and failures(report) == [("deals", "match/1", version)]
    assert "rotation" in report["failures"][0]["message"]


def payload_key(payload):
    return f"game/deal/{payload['deal']}"


def test_a_first_dealer_that_is_not_the_seeds_draw_fails_at_version_1(tmp_path, verify_json):
    records = engine_export_records(played("corners_jax", {"players": 5}))
    start = next(e for e in events_of(records, "match/1") if e["version"] == 1)
    start["payload"]["first_dealer"] = (start["payload"]["first_dealer"] + 1) % 5
    relink(records, "match/1", 1)
    code, report = verify_json(write_records(tmp_path / "drawn.jsonl", records))
    assert code == 1 and ("deals", "match/1", 1) in failures(report)


def test_a_match_record_without_deal_rules_fails_the_deals_rather_than_skipping_them(tmp_path, verify_json):
    records = engine_export_records(played("corners", {"players": 2}))
    del records[1]["deal_rules"]
    code, report = verify_json(write_records(tmp_path / "bare.jsonl", records))
    assert code == 1 and failures(report) == [("deals", "match/1", 1)]
    assert "deal rules" in report["failures"][0]["message"]


def test_without_the_seed_each_hand_must_still_be_one_whole_pack(tmp_path, verify_json):
    records = engine_export_records(played("corners", {"players": 6, "jokers_wild": True}))
    records[1]["seed"] = None
    code, report = verify_json(write_records(tmp_path / "secret.jsonl", records))
    assert code == 0 and [r["status"] for r in report["results"] if r["check"] == "deals"] == ["skip"]

    def duplicate_a_card(payload):
        payload["stock"][0] = payload["hands"][0][0]

    version = forge(records, duplicate_a_card, deal_index=0)
    code, report = verify_json(write_records(tmp_path / "secret.jsonl", records))
    assert code == 1 and failures(report) == [("deals", "match/1", version)]


def test_an_export_in_the_first_format_is_refused_with_what_to_do(tmp_path, verifier):
    records = engine_export_records(played("corners", {"players": 2}))
    records[0]["format"] = "kingrifki-log/1"
    code, out = verifier(write_records(tmp_path / "old.jsonl", records))
    assert code == 1 and "not 'kingrifki-log/1': export it again from the site" in out


def test_a_log_cut_to_start_at_its_second_hand_is_named_at_that_hand(tmp_path, verify_json):
    """Every event of hand 1 removed and the rest renumbered and re-linked: hand 2's cards are
    the seed's, but the deals must run 1, 2, 3, ... (else the first dealer goes unchecked)."""
    records = engine_export_records(played("corners", {"players": 3}))
    events = events_of(records, "match/1")
    first, second = [e["version"] for e in events if e["type"] == "deal_started"][:2]
    cut = [e for e in events if first <= e["version"] < second]
    for event in cut:
        records.remove(event)
    for event in events_of(records, "match/1"):
        if event["version"] > first:
            event["version"] -= len(cut)
    relink(records, "match/1", first)
    records[1]["version"] = len(events_of(records, "match/1"))
    code, report = verify_json(write_records(tmp_path / "cut.jsonl", records))
    assert code == 1 and failures(report) == [("deals", "match/1", first)]
    assert "deals run 1, 2, 3" in report["failures"][0]["message"]
