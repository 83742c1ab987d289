"""A club's pages on a 390 px phone and a 1280 x 800 desktop, with two events played, a season
and ratings: the club's page (its events with date, time and venue, seasons, members, ratings), a member's
rating history with its chart, the invitation links with a new one and its copy button, a link's
join page, the season's page with a column per event, and its projector. On the phone no page
is wider than the screen (the season's table scrolls in its own box). Screenshots for review.
No worker: the events are played in this process."""

from datetime import datetime, timezone

import pytest

from tests.clubs.helpers import play_event
from tests.fixtures.browser import PASSWORD, PHONE, log_in
from tournaments.clubs import service
from tournaments.service import creation

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
DESKTOP = {"width": 1280, "height": 800}
PAGE_WIDTH = "() => Math.max(document.documentElement.scrollWidth, window.innerWidth)"


@pytest.fixture
def club_pages(django_user_model, make_bot):
    people = [
        django_user_model.objects.create_user(name, password=PASSWORD)
        for name in ("ana", "bruno-with-a-longish-name", "cem", "deniz")
    ]
    ana = people[0]
    club = service.do_create_club(ana, "The Thursday night King club of the old quarter")
    _invitation, token = service.do_create_invitation(club.pk, ana)
    for person in people[1:]:
        service.do_join(person, token)
    robots = [make_bot(name=f"robot_{i}_of_the_league") for i in range(2)]
    evening = datetime(2031, 3, 6, 19, 30, tzinfo=timezone.utc)
    first = play_event(ana, club, people, name="March night", starts_at=evening, venue="The back room of the Lion")
    second = play_event(ana, club, [ana, people[1], *robots], name="April night", venue="Café Central")
    creation.do_create_tournament(ana, "May night", "king", {}, "swiss", 3, club=club, starts_at=evening, venue="Lion")
    season = service.do_create_season(club.pk, ana, "Spring season", scoring="best", best_n=1)
    for night in (first, second):
        service.do_add_event(season.pk, ana, night.pk)
    _spare, spare = service.do_create_invitation(club.pk, ana)
    return {"club": club, "ana": ana, "season": season, "spare": spare}


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_the_club_pages_fit_and_read_well(new_page, club_pages, screenshot, phone):
    club, ana, season = club_pages["club"], club_pages["ana"], club_pages["season"]
    page = new_page(phone=phone)
    if not phone:
        page.set_viewport_size(DESKTOP)
    log_in(page, ana.username)
    too_wide = {}
    for name, url in [
        ("clubs", "/clubs/"),
        ("club", f"/clubs/{club.pk}/"),
        ("member", f"/clubs/{club.pk}/members/{ana.pk}/"),
        ("season", f"/seasons/{season.pk}/"),
        ("projector", f"/seasons/{season.pk}/projector/"),
    ]:
        page.goto(url)
        page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
        screenshot(page, name)
        if phone and page.evaluate(PAGE_WIDTH) > PHONE["width"]:
            too_wide[url] = page.evaluate(PAGE_WIDTH)
    page.goto(f"/clubs/{club.pk}/")
    assert page.locator("#coming-events").get_by_text("The back room of the Lion").count() == 0  # May: Lion
    assert page.locator("#past-events").get_by_text("The back room of the Lion").count() == 1
    page.goto(f"/clubs/{club.pk}/members/{ana.pk}/")
    chart = page.locator("svg").first
    assert chart.is_visible() and chart.get_attribute("role") == "img"

    page.goto(f"/clubs/{club.pk}/invitations/")
    page.get_by_role("button", name="Make a link").click()
    page.wait_for_selector("#invite-link")
    screenshot(page, "invitations")
    if phone and page.evaluate(PAGE_WIDTH) > PHONE["width"]:
        too_wide["invitations"] = page.evaluate(PAGE_WIDTH)

    stranger = new_page(phone=phone)
    if not phone:
        stranger.set_viewport_size(DESKTOP)
    stranger.goto(f"/clubs/join/{club_pages['spare']}/")
    screenshot(stranger, "join")
    assert stranger.locator("#sign-in-first").is_visible()
    if phone and stranger.evaluate(PAGE_WIDTH) > PHONE["width"]:
        too_wide["join"] = stranger.evaluate(PAGE_WIDTH)
    assert not too_wide, too_wide
