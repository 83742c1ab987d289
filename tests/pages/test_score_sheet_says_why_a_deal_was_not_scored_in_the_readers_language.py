"""A deal that scored nothing (a Rifki misdeal, a split of the queens, a King slam) shows on the
score sheet page why, in the reader's language, instead of the engine's record
(``"end": "cancelled", "cause": "kiz_split"``); the text sheet keeps printing the record's codes."""

import html

import pytest

from games.engine.cards import DECK
from games.engine.playout import play_out, score_sheet, score_sheet_rows
from games.engine.records import CANCEL_LABELS
from games.service import creating, playing


def shout(text):
    return f"\u00ab{text}\u00bb"


def unscored_rows(seeds):
    for seed in seeds:
        state = play_out("rifki", seed)
        for plain, translated in zip(score_sheet_rows(state)["rows"], score_sheet_rows(state, shout)["rows"]):
            if not plain["scored"]:
                yield state, plain, translated


@pytest.mark.parametrize("seed, cause", [(0, "rifki_unguarded"), (7, "trump_no_high_cards"), (13, "kiz_split")])
def test_each_kind_of_rifki_cancellation_is_said_in_words_through_the_translation_hook(seed, cause):
    rows = [
        (state, plain, translated)
        for state, plain, translated in unscored_rows([seed])
        if plain["end"] == "cancelled" and state.deals[plain_index(state, plain)]["cause"] == cause
    ]

    assert rows, f"seed {seed} has no deal cancelled for {cause!r}"
    _, plain, translated = rows[0]
    assert plain["end_label"] == CANCEL_LABELS[cause] and "_" not in plain["end_label"]
    assert translated["end_label"] == shout(CANCEL_LABELS[cause])


def plain_index(state, row):
    return next(i for i, record in enumerate(state.deals) if record["deal"] == row["deal"] and not record["scored"])


def test_every_unscored_deal_in_many_games_has_words_and_the_text_sheet_is_unchanged():
    seen = set()
    for state, plain, _ in unscored_rows(range(40)):
        seen |= {record.get("cause") for record in state.deals if not record["scored"]}
        assert plain["end_label"] in CANCEL_LABELS.values(), plain
        cause = state.deals[plain_index(state, plain)]["cause"]
        assert f"  cancelled: {cause}" in score_sheet(state)  # the text sheet prints the record's codes
    assert seen == set(CANCEL_LABELS), seen


def test_the_sheet_page_shows_the_words(players, client):
    """One fixed Rifki deal: seat 3 holds no card above a ten and cancels the trump hand."""
    low, high = [c for c in DECK if c[0] in "23456789T"], [c for c in DECK if c[0] in "JQKA"]
    board = {"declarer": 0, "hands": [high[:13], low[:13], high[13:] + low[13:23], low[23:]]}
    match = creating.do_create_match("rifki", {}, players, board=board, created_by=players[0])
    for seat, action in [
        (0, {"type": "contract", "name": "trump", "suit": "S"}),
        (0, {"type": "pass"}),
        (3, {"type": "cancel"}),
    ]:
        match.refresh_from_db()
        playing.submit_action(match.pk, players[seat], action, match.version)

    page = html.unescape(client.get(f"/matches/{match.pk}/sheet/").content.decode())

    assert "not scored: cancelled and redealt: a hand with no card above a ten" in page
    assert "trump_no_high_cards" not in page
