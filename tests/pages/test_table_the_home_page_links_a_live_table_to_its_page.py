"""The home page's live tables link to the table page, where anyone may watch."""

from django.test import Client

from games.models import Match
from tournaments.service import entries, rounds


def test_the_home_page_links_a_live_table_to_its_page(tournament, make_bot):
    for i in range(4):
        entries.do_register(tournament.pk, tournament.organiser, bot=make_bot(name=f"b{i}"))
    rounds.do_start_round(tournament.pk, tournament.organiser)
    match = Match.objects.get()
    page = Client().get("/").content.decode()
    assert f'href="/matches/{match.pk}/"' in page
    assert Client().get(f"/matches/{match.pk}/").status_code == 200
