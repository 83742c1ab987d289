"""Kings in the Corner on a 1280 x 800 desktop and a 390 x 844 and a 360 x 740 phone: a person plays a whole hand
against two built-in bots (played by a real worker), a card onto the first lit pile while one
may go, else "End the turn". At every one of their turns the status, their hand and the turn's
buttons ("End the turn" first among them) lie inside the window without scrolling."""

import pytest

from games.engine import RULESETS
from games.models import Match
from games.service import creating
from tests.fixtures.browser import PASSWORD, SCREENSHOTS, TIMEOUT_MS, log_in, on_screen

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

RULESET = "corners"
TURN_TIMEOUT_MS = 60_000
SIZES = {
    "desktop-1280x800": ({"width": 1280, "height": 800}, False),
    "phone-390x844": ({"width": 390, "height": 844}, True),
    "phone-360x740": ({"width": 360, "height": 740}, True),
}

TURN_BUTTONS = "#turn .turn-button"


@pytest.mark.parametrize("size_name", list(SIZES))
def test_every_corners_turn_has_end_the_turn_on_the_screen(
    browser, live_server, bot_worker, make_bot, django_user_model, size_name
):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    size, phone = SIZES[size_name]
    player = django_user_model.objects.create_user("cornerer", password=PASSWORD)
    bot = make_bot(name="house-heuristic", strategy="heuristic")
    options = {"players": 3, **RULESETS[RULESET].short_game}
    match = creating.do_create_match(RULESET, options, [player, bot, bot], created_by=player, seed=b"corners-fit")
    context = browser.new_context(base_url=live_server.url, viewport=size, is_mobile=phone, has_touch=phone)
    context.set_default_timeout(TIMEOUT_MS)
    turns, ended = 0, 0
    try:
        page = context.new_page()
        log_in(page, player.username)
        page.goto(f"/matches/{match.pk}/")
        while True:
            page.wait_for_selector('#table[data-your-turn="true"], #final', timeout=TURN_TIMEOUT_MS)
            if page.locator("#final").count():
                break
            fit = on_screen(page, ["#status", "#hand"], [TURN_BUTTONS])
            assert fit["outside"] == [] and fit["scrollY"] == 0 and fit["counts"][TURN_BUTTONS], (turns, fit)
            if not turns:
                page.screenshot(path=str(SCREENSHOTS / f"corners-turn-fits-{size_name}.png"))
            turns += 1
            before = page.get_attribute("#table", "data-version")
            cards = page.locator("#hand button.card.legal:not([disabled])")
            if cards.count():
                cards.first.dispatch_event("click")  # a tap where the card shows
                page.locator("#piles .pile-target.lit").first.click()
            else:
                end = page.locator("#turn .turn-button:not(.draw)").first
                if end.get_attribute("data-warn"):
                    end.click()  # the first click warns and asks again
                end.click()
                ended += 1
            page.wait_for_function(
                "v => document.querySelector('#table').dataset.version !== v", arg=before, timeout=TURN_TIMEOUT_MS
            )
            assert page.locator("#error").count() == 0, page.inner_text("#error")
    finally:
        context.close()
    match.refresh_from_db()
    assert match.status == Match.Status.OVER and turns >= 2 and ended >= 1
