"""A finished Kings in the Corner match of five (the Jax chip game) read on a phone and on a
desktop: the score sheet (hands by players, running totals, the chip ledger) and the audit
page's step-through (the piles, the stock, the seat's hand) fit the screen, the page itself
never scrolling sideways (a wide table scrolls in its own box)."""

import pytest

from games.service import access, states
from tests.audit.corners_matches import finished_corners
from tests.fixtures.browser import PASSWORD, log_in

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= window.innerWidth + 1"


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "desktop"])
def test_the_sheet_and_the_audit_page_of_a_five_seat_jax_game_fit_the_screen(
    new_page,
    make_bot,
    django_user_model,
    screenshot,
    phone,
):
    django_user_model.objects.create_user("arbiter", password=PASSWORD, is_staff=True)
    match = finished_corners(make_bot, "corners_jax", 5, {"target_points": 30})
    state = states.match_state(match)
    page = new_page(phone=phone)
    log_in(page, "arbiter")

    page.goto(f"/matches/{match.pk}/sheet/")
    assert page.locator("#score-sheet tbody tr").count() == len(state.deals)
    assert page.locator("#chip-ledger tbody tr").count() == len(state.deals)
    assert page.evaluate(NO_SIDEWAYS)
    screenshot(page, "sheet")

    version = next(i for i, e in enumerate(state.events, 1) if e["type"] == "turn_ended" and i > 30)
    page.goto(f"/matches/{match.pk}/audit/?seat=1&version={version}")
    assert page.locator("#audit-layout [data-pile]").count() == 8
    assert page.locator("[data-hand='1'] [data-card]").count() == len(
        access.seat_replay(match, None, 1, version)["view"]["hand"]
    )
    assert page.evaluate(NO_SIDEWAYS)
    screenshot(page, "audit")
    page.click("#audit-next")
    page.wait_for_function(
        "v => document.querySelector('#audit-version').textContent.trim() === String(v)", arg=version + 1
    )
    assert page.get_attribute("#audit-event", "data-event-type") == state.events[version]["type"]
    screenshot(page, "audit-next")
