"""The home page says what to do first, above the fold at 390 × 844, 360 × 740 and 1280 × 800:
a newcomer reads one line of welcome and one "Play now" button, which leads through signing up to
a practice table; a player with a game on finds "Continue" instead, which opens the game where it
is their turn. No page is wider than a phone's screen. Screenshots for review. No worker: the
games are made in this process, and the pages only read them."""

import re

import pytest

from bots.house import house_bot
from tests.fixtures.browser import PASSWORD, log_in
from tests.pages.tables import king_deal

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
SIZES = {
    "phone": {"width": 390, "height": 844},
    "small-phone": {"width": 360, "height": 740},
    "desktop": {"width": 1280, "height": 800},
}
PAGE_WIDTH = "() => Math.max(document.documentElement.scrollWidth, window.innerWidth)"


def opened(new_page, size):
    page = new_page(phone=size != "desktop")
    page.set_viewport_size(SIZES[size])
    return page


def above_the_fold(page, selector):
    """Whether the element shows whole on the screen as the page first opens, unscrolled."""
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]


def fold_shot(page, screenshot, name):
    """The screen as it first shows (screenshot() takes the whole page): what is above the fold."""
    path = screenshot(page, name)
    page.screenshot(path=str(path).replace(".png", "-fold.png"))


@pytest.mark.parametrize("size", SIZES)
def test_a_newcomer_sees_play_now_above_the_fold_and_it_leads_to_a_practice_table(new_page, screenshot, size):
    page = opened(new_page, size)
    page.goto("/")
    assert page.locator("#welcome h2").inner_text() == "Welcome!"
    assert page.locator("a.cta").count() == 1 and page.locator("#continue").count() == 0
    assert above_the_fold(page, "#welcome-heading") and above_the_fold(page, "#play-now")
    fold_shot(page, screenshot, "newcomer")
    assert page.evaluate(PAGE_WIDTH) <= SIZES[size]["width"]

    page.click("#play-now")
    page.wait_for_url(re.compile(r"/accounts/signup/"))
    page.fill("#id_username", f"newcomer-{size}")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Create my account").click()
    page.wait_for_url(re.compile(r"/play/$"))
    page.goto("/")
    assert page.locator("#welcome h2").inner_text() == f"Welcome, newcomer-{size}."
    assert page.locator("#play-now").get_attribute("href") == "/play/" and above_the_fold(page, "#play-now")
    fold_shot(page, screenshot, "signed-in-newcomer")


@pytest.mark.parametrize("size", SIZES)
def test_a_player_with_a_game_on_continues_it_from_above_the_fold(new_page, screenshot, django_user_model, size):
    person = django_user_model.objects.create_user("ana", password=PASSWORD)
    bot = house_bot("random")
    king_deal(person, bot, dealer=1, seed=3)  # a bot leads: she waits
    yours = king_deal(person, bot, dealer=0, seed=4)  # she leads: her turn
    page = opened(new_page, size)
    log_in(page, "ana")
    page.goto("/")
    assert page.locator("#play-now").count() == 0 and page.locator("a.cta").count() == 1
    assert above_the_fold(page, "#continue")
    assert "It is your turn in 1 game." in page.locator("#welcome").inner_text()
    fold_shot(page, screenshot, "continue")
    assert page.evaluate(PAGE_WIDTH) <= SIZES[size]["width"]
    page.click("#continue")
    page.wait_for_url(re.compile(rf"/matches/{yours.pk}/$"))
