"""A player's finished games and a person's profile at 390 × 844, 360 × 740 and 1280 × 800, after
two rated events: "Your games" shows each game's result, place, dates and the people at the
table, and its score sheet, replay and audit links open; a name leads to that person's profile,
which shows their games, their tournaments with their place and their rating history as a chart;
a visitor who is not signed in reads it too. No page is wider than the screen. Screenshots for
review. No worker: the events are played in this process."""

import re

import pytest

from tests.clubs.helpers import play_event
from tests.fixtures.browser import PASSWORD, log_in

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
SIZES = {
    "phone": {"width": 390, "height": 844},
    "small-phone": {"width": 360, "height": 740},
    "desktop": {"width": 1280, "height": 800},
}
PAGE_WIDTH = "() => Math.max(document.documentElement.scrollWidth, window.innerWidth)"


@pytest.fixture
def two_events(django_user_model):
    people = [
        django_user_model.objects.create_user(name, password=PASSWORD)
        for name in ("ana", "bruno-with-a-longish-name", "cem", "deniz")
    ]
    march = play_event(people[0], None, people, name="March night at the Lion", rounds_=3)
    april = play_event(people[0], None, people, name="April night")
    return people, march, april


def opened(new_page, size):
    page = new_page(phone=size != "desktop")
    page.set_viewport_size(SIZES[size])
    return page


def test_your_games_links_open_and_a_profile_shows_the_rating_chart(new_page, screenshot, two_events):
    """Each screen size in turn, on the one pair of events (played once: they are most of the
    test's time)."""
    too_wide = {}
    for size in SIZES:
        read_at(size, new_page, screenshot, two_events, too_wide)
    assert not too_wide, too_wide


def read_at(size, new_page, screenshot, two_events, too_wide):
    people, march, april = two_events

    def check(page, name):
        screenshot(page, f"{size}-{name}")
        if page.evaluate(PAGE_WIDTH) > SIZES[size]["width"]:
            too_wide[f"{size}-{name}"] = page.evaluate(PAGE_WIDTH)

    page = opened(new_page, size)
    log_in(page, "ana")
    page.goto("/me/games/")
    check(page, "my-games")
    card = page.locator("#games > li").first
    assert card.locator(".result").first.inner_text() in {"won", "lost", "shared first place"}
    assert re.search(r"place \d of 4", card.locator(".played").inner_text())
    assert "finished" in card.locator(".when").inner_text()
    for name, path in (("Score sheet", r"/sheet/$"), ("Replay", r"/replay/$"), ("Audit", r"/audit/")):
        page.goto("/me/games/")
        page.locator("#games > li").first.get_by_role("link", name=name, exact=True).click()
        page.wait_for_url(re.compile(r"/matches/\d+" + path))
        assert page.locator("main h2, main h1").first.is_visible()
    page.goto("/me/games/")
    page.locator("#games > li").first.get_by_role("link", name="bruno-with-a-longish-name").click()
    page.wait_for_url(re.compile(r"/people/bruno-with-a-longish-name/$"))
    page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
    check(page, "profile-of-another")

    page.goto("/people/ana/")
    assert page.locator("#profile-yours, .profile-yours").count() == 1
    chart = page.locator("#profile-ratings svg").first
    assert chart.is_visible() and chart.get_attribute("role") == "img"
    assert page.locator("#profile-ratings svg circle").count() == 4  # one point per rated match
    assert re.search(r"place \d of 4", page.locator(f"#entry-{march.pk}").inner_text())
    assert page.locator("#stat-played").inner_text() == "4"
    check(page, "own-profile")

    visitor = opened(new_page, size)
    visitor.goto("/people/cem/")
    assert visitor.locator("#profile-ratings svg").first.is_visible()
    check(visitor, "profile-to-a-visitor")
    visitor.goto(f"/tournaments/{april.pk}/")
    visitor.get_by_role("link", name="deniz", exact=True).first.click()
    visitor.wait_for_url(re.compile(r"/people/deniz/$"))
