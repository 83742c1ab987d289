"""A deal that scored nothing (a Rifki misdeal, a split of the queens, a King slam) shows on the
score sheet page why, in the reader's language, instead of the engine's record
("cancelled: kiz_split"); the text sheet keeps printing the record as it is."""
import html

import pytest

from games import service
from games.engine.cards import DECK
from games.engine.playout import END_LABELS, play_out, score_sheet, score_sheet_rows
from games.service import do_create_match
from tests.matches.conftest import players  # noqa: F401  (shared fixture)


def shout(text):
    return f"\u00ab{text}\u00bb"


def unscored_rows(seeds):
    for seed in seeds:
        state = play_out("rifki", seed)
        for plain, translated in zip(score_sheet_rows(state)["rows"], score_sheet_rows(state, shout)["rows"]):
            if not plain["scored"]:
                yield state, plain, translated


@pytest.mark.parametrize("seed, end", [(0, "cancelled: rifki_unguarded"), (7, "cancelled: trump_no_high_cards"),
                                       (13, "cancelled: kiz_split")])
def test_each_kind_of_rifki_cancellation_is_said_in_words_through_the_translation_hook(seed, end):
    rows = [(plain, translated) for _, plain, translated in unscored_rows([seed]) if plain["end"] == end]

    assert rows, f"seed {seed} has no {end!r} deal"
    plain, translated = rows[0]
    assert plain["end_label"] == END_LABELS[end] and "_" not in plain["end_label"]
    assert translated["end_label"] == shout(END_LABELS[end])


def test_every_unscored_deal_in_many_games_has_words_and_the_text_sheet_is_unchanged():
    seen = set()
    for state, plain, _ in unscored_rows(range(40)):
        seen.add(plain["end"])
        assert plain["end"] in END_LABELS, plain["end"]
        assert f"  {plain['end']}" in score_sheet(state)  # the text sheet prints the record
    assert len(seen) == 3, seen


def test_the_sheet_page_shows_the_words(players, client):
    """One fixed Rifki deal: seat 3 holds no card above a ten and cancels the trump hand."""
    low, high = [c for c in DECK if c[0] in "23456789T"], [c for c in DECK if c[0] in "JQKA"]
    board = {"declarer": 0, "hands": [high[:13], low[:13], high[13:] + low[13:23], low[23:]]}
    match = do_create_match("rifki", {}, players, board=board, created_by=players[0])
    for seat, action in [(0, {"type": "contract", "name": "trump", "suit": "S"}), (0, {"type": "pass"}),
                         (3, {"type": "cancel"})]:
        match.refresh_from_db()
        service.submit_action(match.pk, players[seat], action, match.version)

    page = html.unescape(client.get(f"/matches/{match.pk}/sheet/").content.decode())

    assert "not scored: cancelled and redealt: a hand with no card above a ten" in page
    assert "trump_no_high_cards" not in page
