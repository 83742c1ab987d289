"""GET matches/<id>/sheet/: the score sheet of a finished game as the source documents lay it
out: a row per deal with its contract, a column per player by name, the hand totals, the final
totals equal to the match's scores and the zero-sum check; printable, linked to the table and
the audit page."""

import random
import re

import pytest
from django.test import Client

from games.engine.playout import contract_label
from games.service import access, creating, playing, states
from tests.pages.tables import table_rows

pytestmark = pytest.mark.django_db
NAMES = ("ada-bot", "bea-bot", "cem-bot", "dia-bot")  # built-in bots whose names read apart keep them


@pytest.fixture
def finished_king(make_bot):
    """A whole quick King game, every decision drawn from one fixed generator, so the game is the
    same whatever ids the database hands out (a bot's own choices are seeded by the match id)."""
    bots = [make_bot(name=name) for name in NAMES]
    match = creating.do_create_match("king", {"quick_game_combined_negatives": True}, bots, seed=b"sheet" * 4)
    rng = random.Random(0)  # a game in which a bid is won (the sheet then names its bidder)
    while match.status != match.Status.OVER:
        state = states.current_state(match)
        seat = state.to_act
        playing.do_act(
            match.pk,
            f"bot:{bots[seat].pk}",
            lambda m, seat=seat: seat,
            rng.choice(state.legal_actions()),
            match.version,
        )
        match.refresh_from_db()
    return match


def test_the_sheet_has_the_engines_rows_totals_and_a_zero_sum_that_holds(finished_king, client):
    page = client.get(f"/matches/{finished_king.pk}/sheet/").content.decode()
    state = states.match_state(finished_king)
    names = list(NAMES)
    assert table_rows(page, "thead")[0][3:7] == names
    rows = table_rows(page, "tbody")
    assert [[int(v) for v in row[3:7]] for row in rows] == state.deal_scores
    assert [row[2] for row in rows] == [contract_label("king", d, names=names) for d in state.deals]
    assert any(f" by {name}" in row[2] for row in rows for name in names)  # an accepted bid names its bidder
    assert [row[1] for row in rows] == [names[d["dealer"]] for d in state.deals]
    assert [int(row[7]) for row in rows] == [sum(s) for s in state.deal_scores]
    totals = table_rows(page, "tfoot")[0]
    assert [int(v) for v in totals[1:5]] == state.scores == access.visible_state(finished_king, None)["scores"]
    assert "Sum of totals = 0 ✓" in page
    assert f"{', '.join(names[s] for s in state.winners)}" in re.search(r'id="winners">(.*?)</p>', page).group(1)


def test_the_sheet_is_printable_and_links_back_to_the_table_and_on_to_the_audit(finished_king):
    page = Client().get(f"/matches/{finished_king.pk}/sheet/").content.decode()
    assert '<link rel="stylesheet" href="/static/css/sheet.css">' in page
    assert f'href="/matches/{finished_king.pk}/"' in page and f'href="/matches/{finished_king.pk}/audit/"' in page


def test_the_print_stylesheet_hides_the_navigation():
    from django.contrib.staticfiles import finders

    css = open(finders.find("css/sheet.css"), encoding="utf-8").read()
    media_print = css[css.index("@media print") :]
    assert "header.site" in media_print and "display: none" in media_print


def test_a_match_that_does_not_exist_is_404(client, db):
    assert client.get("/matches/999999/sheet/").status_code == 404
