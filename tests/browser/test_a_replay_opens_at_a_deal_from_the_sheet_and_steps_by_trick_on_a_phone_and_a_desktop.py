"""A reader opens the replay of a finished game from a deal row of its score sheet, on a 390×844
phone and a 1280×800 desktop: the table is drawn at the start of that deal, a seat's eyes show its
hand as cards, "Trick ▶" steps to the end of the next trick, the deal list jumps to another deal,
and the audit (hands as cards too) and the replay link to each other at the same step. The page
never scrolls sideways."""

import pytest

from games.service import access
from tests.fixtures.browser import SCREENSHOTS
from tests.pages.deals_to_replay import deal_starts, game_of_deals, versions_of

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= window.innerWidth + 1"
# null-safe: a link from one page to the other loads a new page meanwhile
AT = "v => document.querySelector('#replay-step')?.dataset.version === String(v)"
AUDIT_AT = "v => document.querySelector('#audit-version')?.textContent.trim() === String(v)"


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_a_reader_replays_a_deal_from_the_sheet_and_steps_trick_by_trick(new_page, make_bot, screenshot, phone):
    match = game_of_deals(make_bot)
    starts, tricks = deal_starts(match), versions_of(match, "trick")
    page = new_page(phone=phone)
    if not phone:
        page.set_viewport_size({"width": 1280, "height": 800})

    page.goto(f"/matches/{match.pk}/sheet/")
    page.click("a.deal-replay[href$='?deal=2']")
    page.wait_for_function(AT, arg=starts[2])
    assert page.get_attribute("#replay-toggle", "aria-pressed") == "false"  # a named deal waits to be played
    assert page.input_value("#replay-deal") == "2"
    assert page.locator("#seats [data-seat]").count() == 4
    assert page.evaluate(NO_SIDEWAYS)
    screenshot(page, "deal-2-start")

    page.select_option("#replay-seat", "2")
    page.wait_for_selector("#replay-hands [data-hand='2']")
    hand = access.seat_replay(match, None, 2, starts[2])["view"]["hand"]
    shown = page.locator("[data-hand='2'] img[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(shown) == sorted(hand) and len(hand) == 13
    assert page.locator("#replay-hands [data-hand]").count() == 1  # only the seat's own hand
    assert page.get_attribute("#seats [data-seat='2']", "data-place") == "bottom"  # seen from seat 2
    screenshot(page, "seat-3-eyes")

    first_trick = next(t for t in tricks if t > starts[2])
    page.click("#replay-next-unit")
    page.wait_for_function(AT, arg=first_trick)
    assert "seat=2" in page.url and f"v={first_trick}" in page.url  # the address follows the step
    assert page.evaluate(NO_SIDEWAYS)
    screenshot(page, "after-a-trick")

    page.select_option("#replay-deal", "3")
    page.wait_for_function(AT, arg=starts[3])
    assert page.input_value("#replay-seat") == "2"

    page.click("#replay-audit-link")
    page.wait_for_function(AUDIT_AT, arg=starts[3])
    assert page.locator("[data-hand='2'] img[data-card]").count() == 13  # the audit's hands are cards too
    assert page.locator("#verification").count() == 1
    next_trick = next(t for t in tricks if t > starts[3])
    page.click("#audit-next-unit")
    page.wait_for_function(AUDIT_AT, arg=next_trick)
    assert page.evaluate(NO_SIDEWAYS)
    screenshot(page, "audit")
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(SCREENSHOTS / f"replay-audit-{'phone' if phone else 'desktop'}-first-screen.png"))

    page.click("#audit-replay-link")
    page.wait_for_function(AT, arg=next_trick)
    assert page.input_value("#replay-seat") == "2"
