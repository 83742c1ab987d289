"""A newcomer whose browser asks for Brazilian Portuguese signs up, plays a King deal against
three house bots (a real worker) and reads the score sheet, all in Portuguese; one whose browser
asks for Turkish does the same with a Rifki deal, in Turkish, at a table laid out
counter-clockwise. Every page they see is checked for English left in it (tests/i18n/english.py),
and screenshots of both are kept under var/screenshots/."""

import re

import pytest
from django.utils import translation

from games.engine import RULESETS
from games.models import Match
from games.pages import compass
from tests.fixtures.browser import PASSWORD
from tests.i18n.english import english_left, visible_text

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

DEAL_TIMEOUT_MS = 120_000
NEWCOMERS = {
    # browser locale, the page's language, the catalogue, the game, the newcomer's name
    "pt-BR": ("pt-br", "pt_BR", "king", "joana"),
    "tr": ("tr", "tr", "rifki", "elif"),
}


def said(language, text):
    with translation.override(language):
        return translation.gettext(text)


def assert_in_language(page, language, catalogue, allowed):
    assert page.get_attribute("html", "lang") == language
    found = english_left(visible_text(page.content()), catalogue, allowed)
    assert not found, (page.url, found)


@pytest.mark.parametrize("locale", NEWCOMERS)
def test_a_newcomer_plays_a_deal_and_reads_the_sheet_in_their_own_language(new_page, bot_worker, screenshot, locale):
    language, catalogue, ruleset, name = NEWCOMERS[locale]
    allowed = [name, "house-random"]
    page = new_page(phone=True, locale=locale)

    page.goto("/")
    assert_in_language(page, language, catalogue, allowed)
    page.get_by_role("link", name=said(language, "Sign up")).click()
    page.fill("#id_username", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    assert_in_language(page, language, catalogue, allowed)
    page.get_by_role("button", name=said(language, "Create my account")).click()
    page.wait_for_selector(f"header .account >> text={name}")

    page.get_by_role("button", name=said(language, "Menu")).click()  # a phone's header folds the site's links
    page.get_by_role("link", name=said(language, "Play")).first.click()
    assert_in_language(page, language, catalogue, allowed)
    page.check(f"input[name=ruleset][value={ruleset}]")
    page.select_option("select[name=strategy]", "random")
    page.locator("#play-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get(pk=int(re.search(r"/matches/(\d+)/", page.url).group(1)))

    # The table is laid out in the game's direction of play: in Rifki, counter-clockwise.
    game = RULESETS[ruleset]
    places = compass.places(0, match.num_seats, game.direction)
    for seat, place in places.items():
        assert page.get_attribute(f'#seats li[data-seat="{seat}"]', "data-place") == place

    shot = False
    while not page.locator("#scores tbody tr").count():
        page.wait_for_selector('#table[data-your-turn="true"], #scores tbody tr', timeout=DEAL_TIMEOUT_MS)
        if page.locator("#scores tbody tr").count():
            break
        assert_in_language(page, language, catalogue, allowed)
        if not shot:
            screenshot(page, f"{language}-table")
            shot = True
        version = page.get_attribute("#table", "data-version")
        # Play on rather than cancel a deal: the newcomer wants a deal scored.
        choice = page.locator("#choices button:not([data-action*='\"cancel\"'])")
        if choice.count():
            choice.first.click()
        elif page.locator("#timed-question").count():
            pass  # the misdeal question: the clock plays on by itself (docs/misdeal-question.md)
        else:
            page.locator("#hand button.legal:not([disabled])").first.click()
        page.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=version)
    assert_in_language(page, language, catalogue, allowed)
    screenshot(page, f"{language}-deal-scored")

    page.click("#sheet-link")
    page.wait_for_selector("#score-sheet")
    assert_in_language(page, language, catalogue, allowed)
    screenshot(page, f"{language}-score-sheet")
    heading = page.locator("#score-sheet thead").inner_text()
    assert said(language, "Contract") in heading

    # A spectator on a desktop browser in the same language: the table and the sheet, laid out wide.
    desk = new_page(locale=locale)
    desk.goto(f"/matches/{match.pk}/")
    assert_in_language(desk, language, catalogue, allowed)
    screenshot(desk, f"{language}-desktop-table")
    desk.goto(f"/matches/{match.pk}/sheet/")
    assert_in_language(desk, language, catalogue, allowed)
    screenshot(desk, f"{language}-desktop-score-sheet")
