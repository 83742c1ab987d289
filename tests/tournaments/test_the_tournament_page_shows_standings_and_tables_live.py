"""The home page lists tournaments; a tournament's page shows standings, rounds and the seed commitment."""

import re

from django.test import Client

from tests.fixtures.bots import run_until_over
from tournaments.models import TournamentTable
from tournaments.service import creation, entries, results, rounds


def test_the_home_page_lists_a_running_tournament_with_a_link_to_its_page(tournament, make_bot):
    for i in range(4):
        entries.do_register(tournament.pk, tournament.organiser, bot=make_bot(name=f"b{i}"))
    rounds.do_start_round(tournament.pk, tournament.organiser)
    page = Client().get("/").content.decode()
    assert f'href="/tournaments/{tournament.pk}/"' in page and "Club night" in page
    assert "Live tables" in page


def test_the_page_shows_the_draw_by_name_and_standings_that_fill_as_tables_finish(organiser, make_bot):
    t = creation.do_create_tournament(
        organiser, "Thursday", "king", {"quick_game_combined_negatives": True}, "swiss", 2
    )
    for i in range(4):
        entries.do_register(t.pk, organiser, bot=make_bot(name=f"player{i}"))
    rounds.do_start_round(t.pk, organiser)
    page = Client().get(f"/tournaments/{t.pk}/").content.decode()
    assert all(f"player{i}" in page for i in range(4))
    assert t.seed_sha256 in page and t.seed not in page  # the commitment only, until the end
    assert 'hx-get="/tournaments/%d/live/"' % t.pk in page and "every 2s" in page
    assert "<td>0</td>" in page  # no table points yet
    run_until_over(TournamentTable.objects.get(tournament=t).match)
    live = Client().get(f"/tournaments/{t.pk}/live/").content.decode()
    assert "<html" not in live  # a fragment for htmx to swap in
    # the leader has played one match and holds the top place's points (3, or split by a tie)
    assert re.search(r"<td>1</td><td>(3|2\.50|2|1\.50)</td>", live), live
    results.do_close_round(t.pk, organiser)
    rounds.do_start_round(t.pk, organiser)
    run_until_over(TournamentTable.objects.get(tournament=t, round=2).match)
    results.do_close_round(t.pk, organiser)
    t.refresh_from_db()
    page = Client().get(f"/tournaments/{t.pk}/").content.decode()
    assert t.seed in page and "hx-get" not in page  # over: the seed is out and the page stops polling


def test_an_unknown_tournament_page_is_a_404(db):
    assert Client().get("/tournaments/987654/").status_code == 404
    assert Client().get("/tournaments/987654/live/").status_code == 404
