"""Contract names come from the engine (Copas, Kupa, Koz ♥ ...), which knows no Django; the
pages pass them through gettext, so a catalogue translates them on the table, the score sheet
and the audit page, while the engine's text sheet prints them as they are."""

import pytest

from games.engine.playout import contract_label, play_out, score_sheet, score_sheet_rows
from games.templatetags import cards


def shout(text):
    """A stand-in catalogue that marks every string it translates."""
    return f"\u00ab{text}\u00bb"


def positive(mode, trump=None, bid=None):
    """A King positive hand's contract record, as the engine keeps it."""
    if bid is not None:
        tricks, direction, seat = bid
        bid = {"seat": seat, "tricks": tricks, "direction": direction}
    contract = {"name": "positive", "mode": mode, "trump": trump, "bid": bid}
    return {**contract, "forfeited": True} if mode is None else contract


@pytest.mark.parametrize(
    "ruleset, contract, expected",
    [
        ("king", {"name": "no_hearts"}, "\u00abCopas (no hearts)\u00bb"),
        ("rifki", {"name": "no_last_two"}, "\u00abSon Iki (last two)\u00bb"),
        ("rifki", {"name": "trump", "trump": "H"}, "\u00abKoz \u2665 (trumps)\u00bb"),
        ("king", positive("down"), "\u00abPositiva down\u00bb"),
    ],
)
def test_every_kind_of_contract_name_goes_through_the_translation_hook(ruleset, contract, expected):
    assert contract_label(ruleset, {"contract": contract}, shout) == expected


def test_the_pages_translate_contract_names_with_gettext(monkeypatch):
    monkeypatch.setattr(cards, "gettext", shout)

    assert cards.contract_name("king", {"name": "no_queens"}) == "\u00abMulheres (no queens)\u00bb"


def test_the_score_sheet_rows_translate_while_the_text_sheet_prints_the_engines_names():
    state = play_out("rifki", 3)

    plain = score_sheet_rows(state)["rows"]
    translated = score_sheet_rows(state, shout)["rows"]
    assert [row["label"] for row in translated] == [f"\u00ab{row['label']}\u00bb" for row in plain]
    assert all(row["label"] in score_sheet(state) for row in plain if len(row["label"]) <= 44)


@pytest.mark.parametrize(
    "contract, expected",
    [
        (positive("up", "H"), "\u00abPositiva up %(suit)s\u00bb" % {"suit": "\u2665"}),
        (positive("up"), "\u00abPositiva up no trump\u00bb"),
        (positive(None), "\u00abPositiva (forfeit)\u00bb"),
        (positive("up", "S", (8, "up", 2)), "\u00ab\u00abPositiva up \u2660\u00bb, bid 8 up by P2\u00bb"),
        (positive("down", bid=(5, "down", 0)), "\u00ab\u00abPositiva down\u00bb, bid 5 down by P0\u00bb"),
    ],
)
def test_a_positive_hands_mode_trumps_and_bid_are_translated_too(contract, expected):
    assert contract_label("king", {"contract": contract}, shout) == expected


def test_every_positive_hand_the_engine_records_reads_as_before_in_the_text_sheet():
    """Untranslated, each positive hand reads as the text sheet has always printed it: its mode,
    its trump as a suit symbol, and an accepted bid with its bidder's seat."""
    seen = {}
    for seed in range(40):
        state = play_out("king", seed)
        for record in state.deals:
            contract = record["contract"]
            if contract["name"] == "positive":
                seen[repr(contract)] = contract
    contracts = list(seen.values())
    assert any(c["bid"] for c in contracts) and any(c.get("forfeited") for c in contracts), contracts
    symbols = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
    for contract in contracts:
        if contract.get("forfeited"):
            expected = "Positiva (forfeit)"
        elif contract["mode"] == "down":
            expected = "Positiva down"
        else:
            expected = f"Positiva up {symbols[contract['trump']] if contract['trump'] else 'no trump'}"
        if contract["bid"]:
            bid = contract["bid"]
            expected += f", bid {bid['tricks']} {bid['direction']} by P{bid['seat']}"
        assert contract_label("king", {"contract": contract}) == expected


@pytest.mark.parametrize(
    "contract, expected",
    [
        (positive("up", "S", (8, "up", 2)), "\u00ab\u00abPositiva up \u2660\u00bb, bid 8 up by Cy\u00bb"),
        (positive("down", bid=(5, "down", 0)), "\u00ab\u00abPositiva down\u00bb, bid 5 down by Ana\u00bb"),
        (positive("down"), "\u00abPositiva down\u00bb"),
    ],
)
def test_where_the_seats_names_are_known_an_accepted_bid_names_its_bidder(contract, expected):
    assert contract_label("king", {"contract": contract}, shout, ["Ana", "Bo", "Cy", "Di"]) == expected


def test_the_score_sheet_names_the_bidder_of_each_accepted_bid():
    names = ["Ana", "Bo", "Cy", "Di"]
    for seed in range(40):
        state = play_out("king", seed)
        plain = [r["label"] for r in score_sheet_rows(state)["rows"]]
        if any(", bid " in label for label in plain):
            break
    named = [r["label"] for r in score_sheet_rows(state, names=names)["rows"]]
    for before, after in zip(plain, named):
        if ", bid " in before:
            seat = int(before.rsplit(" by P", 1)[1])
            assert after == before.rsplit(" by P", 1)[0] + f" by {names[seat]}"
        else:
            assert after == before
