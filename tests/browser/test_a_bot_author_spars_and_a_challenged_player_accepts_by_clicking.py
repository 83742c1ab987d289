"""A bot author starts a sparring match from their bot's page and challenges a friend from the
challenges page; the friend accepts on theirs and both land at the table. On a 390 px phone
and on a desktop the bot page and the challenges pages fit the screen. No worker: the pages only
start the matches (their bot seats are queued, not played)."""

import pytest

from bots import registry
from games.models import Match
from tests.fixtures.browser import PASSWORD, PHONE, log_in

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
PAGE_WIDTH = "() => Math.max(document.documentElement.scrollWidth, window.innerWidth)"


def fits(page):
    return page.evaluate(PAGE_WIDTH) <= PHONE["width"]


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_sparring_and_a_challenge_by_clicking(new_page, django_user_model, screenshot, phone):
    ana = django_user_model.objects.create_user("ana", password=PASSWORD)
    django_user_model.objects.create_user("bruno", password=PASSWORD)
    bot = registry.register(ana, "ana-poller", "polling")[0]

    page = new_page(phone=phone)
    log_in(page, "ana")
    page.goto(f"/bots/{bot.pk}/")
    screenshot(page, "bot-page")
    assert not phone or fits(page)
    page.locator("#sparring-form").get_by_label("Short game").check()
    page.locator("#sparring-form").get_by_label("The house bots' strength").select_option("random")
    page.get_by_role("button", name="Start a sparring match").click()
    page.wait_for_url("**/matches/*/")
    sparring = Match.objects.get()
    assert page.url.endswith(f"/matches/{sparring.pk}/")
    assert sorted(s.bot.name for s in sparring.seats.all()) == ["ana-poller", *["house-random"] * 3]

    page.goto("/challenges/new/")
    page.get_by_label("People you challenge").fill("bruno")
    page.get_by_label("House bots in the seats left").select_option("heuristic")
    screenshot(page, "challenge-form")
    assert not phone or fits(page)
    page.get_by_role("button", name="Send the challenge").click()
    page.wait_for_url("**/challenges/")
    assert page.locator("#challenges").get_by_text("waiting for answers").count() == 1

    friend = new_page(phone=phone)
    log_in(friend, "bruno")
    friend.goto("/challenges/")
    screenshot(friend, "challenges-to-answer")
    assert not phone or fits(friend)
    friend.locator("#to-answer").get_by_role("button", name="Accept").click()
    friend.wait_for_url("**/matches/*/")
    started = Match.objects.exclude(pk=sparring.pk).get()
    assert {s.user.username for s in started.seats.filter(user__isnull=False)} == {"ana", "bruno"}
    page.goto("/challenges/")
    screenshot(page, "challenges-started")
    assert page.locator("#challenges").get_by_role("link", name="Go to the table").count() == 1
