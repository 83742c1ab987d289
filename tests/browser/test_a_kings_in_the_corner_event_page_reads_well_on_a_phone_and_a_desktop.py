"""A Kings in the Corner event at tables of three, after a round played by bots, on its public
page and its projector, on a 390 px phone and a desktop: the note that the lowest score wins
sits above the standings, which list the fewest penalty points first, and the page is no wider
than the phone's screen (the projector is for a wall screen). No worker: the data is made in
this process, and the pages only read it."""

import pytest

from games.engine import RULESETS
from tests.fixtures.bots import run_until_over
from tests.fixtures.browser import PHONE
from tournaments import projection
from tournaments.models import TournamentTable
from tournaments.service import creation, entries, results, rounds

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

PAGE_WIDTH = "() => Math.max(document.documentElement.scrollWidth, window.innerWidth)"
RULESET = next(name for name, r in RULESETS.items() if "players" in r.flags and r.lowest_wins({"players": 3}))


def test_the_event_page_and_projector_say_the_lowest_wins_and_rank_so(
    new_page, make_bot, django_user_model, screenshot
):
    organiser = django_user_model.objects.create_user("organiser", password="long-enough-pass")
    t = creation.do_create_tournament(
        organiser,
        "Kings in the Corner, Thursday club",
        RULESET,
        {**RULESETS[RULESET].short_game, "players": 3},
        "swiss",
        2,
        table_points="score",
    )
    for i in range(6):
        entries.do_register(t.pk, organiser, bot=make_bot(name=f"club_bot_{i}_of_the_league", strategy="heuristic"))
    for table in rounds.do_start_round(t.pk, organiser):
        run_until_over(TournamentTable.objects.get(match_id=table["match"]).match)
        results.do_record_result(table["match"])
    results.do_close_round(t.pk, organiser)
    projection.update_standings(t.pk)

    for phone in (True, False):
        page = new_page(phone=phone)
        for name, url in (("page", f"/tournaments/{t.pk}/"), ("projector", f"/tournaments/{t.pk}/projector/")):
            page.goto(url)
            screenshot(page, f"{name}-{'phone' if phone else 'desktop'}")
            note = page.locator("#lowest-wins")
            assert note.is_visible() and "lowest score wins" in note.inner_text()
            if phone and name == "page":  # the projector is for a wall screen
                assert page.evaluate(PAGE_WIDTH) <= PHONE["width"], url
        page.goto(f"/tournaments/{t.pk}/")
        points = [
            float(x) for x in page.locator("#standings-heading ~ div table tbody td:nth-child(4)").all_inner_texts()
        ]
        assert len(points) == 6 and points == sorted(points)  # the fewest penalty points first
