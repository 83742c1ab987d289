"""A drawn round shows before it starts (docs/tournaments.md, "Draw, check-in and start"): the
tournament page (and its live part), the projector and the printable table cards show its
tables under "Round 1 — drawn, not started", each player with a seat numbered from 1 and, in
duplicate, the board; once it starts, the pages show the round as before."""

import re

import pytest
from django.test import Client

from tests.tournaments.draws import event, signed_in
from tournaments.models import Entrant
from tournaments.service import rounds

pytestmark = pytest.mark.django_db
HEADING = "Round 1 — drawn, not started"


@pytest.fixture
def drawn(organiser, make_bot):
    t = event(organiser, make_bot, "duplicate", 8)
    return t, rounds.do_draw_round(t.pk, organiser)


def seats_of(page, table):
    """The names of a drawn table's players as a page lists them, and their seat numbers."""
    block = re.search(rf'id="(?:drawn|projector)-table-{table}".*?</ol>', page, re.S).group(0)
    numbers = re.findall(r'class="seat-no">(?:Seat )?(\d+)<', block)
    return [int(n) for n in numbers], block


def names(draw, table):
    return [Entrant.objects.get(pk=e).name for e in draw["tables"][table - 1]["seats"]]


@pytest.mark.parametrize("path", ["/tournaments/{id}/", "/tournaments/{id}/live/", "/tournaments/{id}/projector/"])
def test_the_public_pages_show_the_drawn_tables_with_seats_from_one_and_the_board(drawn, path):
    t, draw = drawn
    page = Client().get(path.format(id=t.pk)).content.decode()
    assert HEADING in page
    for table in (1, 2):
        numbers, block = seats_of(page, table)
        assert numbers == [1, 2, 3, 4]
        found = [block.index(name) for name in names(draw, table)]
        assert found == sorted(found)  # in seat order
        assert "b0" in block  # the board, in duplicate


def test_the_table_cards_print_from_the_draw_before_the_round_starts(drawn, organiser):
    t, draw = drawn
    page = signed_in(organiser).get(f"/tournaments/{t.pk}/manage/cards/").content.decode()
    assert 'id="cards-of-draw"' in page and page.count('class="table-card"') == 2
    card = re.search(r'id="card-1".*?</article>', page, re.S).group(0)
    assert "Round 1" in card and "board b0" in card and "Match" not in card
    assert [name in card for name in names(draw, 1)] == [True] * 4
    assert f"/tournaments/{t.pk}/" in card


def test_once_started_the_pages_show_the_round_in_play(drawn, organiser):
    t, _draw = drawn
    rounds.do_start_round(t.pk, organiser)
    for path in (f"/tournaments/{t.pk}/", f"/tournaments/{t.pk}/projector/"):
        page = Client().get(path).content.decode()
        assert HEADING not in page and "Round 1" in page and 'id="drawn-round"' not in page
    cards = signed_in(organiser).get(f"/tournaments/{t.pk}/manage/cards/").content.decode()
    assert 'id="cards-of-draw"' not in cards and "Match " in cards
