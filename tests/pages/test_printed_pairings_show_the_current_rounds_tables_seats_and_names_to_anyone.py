"""The printable pairings (docs/tournaments.md, "Printed pairings and standings") show anyone, as
the tournament page does, the current round's tables with each player by seat numbered from 1:
the draw before the round starts, then the round in play; ?round=N one round, ?round=all every
round a page each; the tournament and manage pages link them."""

import re

import pytest
from django.test import Client

from tests.fixtures.bots import run_until_over
from tournaments.models import Entrant
from tournaments.service import entries, results, rounds

pytestmark = pytest.mark.django_db


def printed(tournament, query=""):
    r = Client().get(f"/tournaments/{tournament.pk}/print/pairings/{query}")
    return r.status_code, r.content.decode()


def tables_of(html):
    """{table number: [(seat, name), ...]} as the sheet prints them."""
    found = {}
    for number, body in re.findall(r'id="print-table-\d+-(\d+)".*?<ol class="seats">(.*?)</ol>', html, re.S):
        found[int(number)] = re.findall(r'Seat (\d+)</span> <span class="seat-name">([^<]+)</span>', body)
    return found


def test_before_any_draw_the_sheet_says_so(tournament):
    status, html = printed(tournament)
    assert status == 200 and 'id="no-pairings"' in html


def test_the_draw_then_the_started_round_print_with_every_seat(tournament, organiser):
    entries.do_enter_house_bots(tournament.pk, organiser, 8, "random")
    names = dict(Entrant.objects.filter(tournament=tournament).values_list("pk", "name"))
    drawn = rounds.do_draw_round(tournament.pk, organiser)
    expected = {t["table"]: [(str(i + 1), names[e]) for i, e in enumerate(t["seats"])] for t in drawn["tables"]}
    status, html = printed(tournament)
    assert status == 200
    assert "Round 1: tables (drawn, not started yet)" in html
    assert tournament.name in html
    assert tables_of(html) == expected
    assert "Find your table" in html and "/matches/" not in html  # names and tables, no match

    rounds.do_start_round(tournament.pk, organiser)
    status, html = printed(tournament)
    assert "Round 1: tables</h2>" in html
    assert tables_of(html) == expected


def test_one_round_or_every_round_a_page_each(tournament, organiser):
    entries.do_enter_house_bots(tournament.pk, organiser, 4, "random")
    rounds.do_start_round(tournament.pk, organiser)
    tournament.refresh_from_db()
    for table in tournament.tables.all():
        run_until_over(table.match)
        results.do_record_result(table.match_id)
    results.do_close_round(tournament.pk, organiser)
    rounds.do_draw_round(tournament.pk, organiser)
    _, html = printed(tournament)
    assert "Round 2: tables (drawn, not started yet)" in html and "Round 1: tables" not in html
    _, html = printed(tournament, "?round=1")
    assert "Round 1: tables</h2>" in html and "Round 2" not in html.split('class="print-sheet"')[1]
    _, html = printed(tournament, "?round=all")
    assert html.count('class="print-sheet"') == 2
    assert html.index('id="pairings-round-1"') < html.index('id="pairings-round-2"')
    assert printed(tournament, "?round=7")[0] == 404
    assert printed(tournament, "?round=x")[0] == 404


def test_the_tournament_and_manage_pages_link_the_sheets(client, tournament):
    pairings = f'href="/tournaments/{tournament.pk}/print/pairings/"'
    standings = f'href="/tournaments/{tournament.pk}/print/standings/"'
    page = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    assert pairings in page and standings in page
    client.force_login(tournament.organiser)
    page = client.get(f"/tournaments/{tournament.pk}/manage/").content.decode()
    assert pairings in page and standings in page
