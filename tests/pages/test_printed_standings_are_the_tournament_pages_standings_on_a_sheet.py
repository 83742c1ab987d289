"""The printable standings (docs/tournaments.md, "Printed pairings and standings") are the
tournament page's rows (tournaments.read.standings_rows, the one read path), public as that page
is, headed with the tournament's name and how far it has gone."""

import re

import pytest
from django.test import Client

from tournaments import read
from tournaments.service import entries

pytestmark = pytest.mark.django_db


def rows_of(html):
    body = html.split('class="printed-standings"')[1].split("</table>")[0]
    found = re.findall(r'<td class="num rank">([^<]*)</td>\s*<td class="name">([^<]+)', body)
    return [(rank, name.strip()) for rank, name in found]


def test_a_finished_event_prints_its_final_standings_to_anyone(finished_tournament):
    t, _matches = finished_tournament
    r = Client().get(f"/tournaments/{t.pk}/print/standings/")
    assert r.status_code == 200
    html = r.content.decode()
    assert "Final standings" in html and t.name in html
    expected = [(str(row["rank"]), row["name"]) for row in read.standings_rows(t)]
    assert rows_of(html) == expected and len(expected) == 4
    assert read.root_hash(t) in html
    assert 'href="/tournaments/%s/print/pairings/"' % t.pk in html


def test_before_any_round_the_sheet_lists_the_entrants_unranked_yet(tournament, organiser):
    entries.do_enter_house_bots(tournament.pk, organiser, 2, "random")
    html = Client().get(f"/tournaments/{tournament.pk}/print/standings/").content.decode()
    assert '<h2 class="sheet-title">Standings</h2>' in html
    assert [name for _rank, name in rows_of(html)] == ["house-random", "house-random-2"]


def test_an_unknown_tournament_is_a_404(db):
    assert Client().get("/tournaments/99999/print/standings/").status_code == 404
    assert Client().get("/tournaments/99999/print/pairings/").status_code == 404
