"""The first bidder of a King auction chooses among every bid and a pass (eleven buttons). On a
1280 x 800 desktop, and on 390 x 844 and 360 x 740 phones, the status, the whole hand and every
button lie on the screen without scrolling: the buttons show their names only, in as many
columns as fit, and one line under them says what the touched, hovered or focused one commits
to (the first, until another is). Each button still carries its words for a screen reader."""

import pytest

from tests.fixtures.browser import PASSWORD, log_in, on_screen
from tests.pages.decisions import king_auction

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

CHOICES = "#choices button:not([disabled])"
CARDS = "#hand button img"
SIZES = {
    "desktop": ({"width": 1280, "height": 800}, False),
    "phone": ({"width": 390, "height": 844}, True),
    "small-phone": ({"width": 360, "height": 740}, True),
}


@pytest.fixture
def people(django_user_model):
    return [django_user_model.objects.create_user(n, password=PASSWORD) for n in ("ana", "bruno", "cem", "deniz")]


@pytest.mark.parametrize("size", list(SIZES))
def test_every_bid_the_hand_and_the_status_share_one_screen(size, new_page, people, screenshot):
    viewport, phone = SIZES[size]
    match = king_auction(people, calls=())  # ana bids first: every bid is open to her
    page = new_page(phone=phone)
    page.set_viewport_size(viewport)
    log_in(page, "ana")
    page.goto(f"/matches/{match.pk}/")
    fit = on_screen(page, ["#status", "#hand"], [CHOICES, CARDS])
    screenshot(page, "opening-bid")
    assert fit["counts"][CHOICES] >= 11 and fit["counts"][CARDS] == 13, fit
    assert fit["outside"] == [] and fit["scrollY"] == 0, fit

    detail = page.locator("#choices .choice-detail")
    first, last = page.locator(CHOICES).first, page.locator(CHOICES).last
    assert detail.inner_text() == first.locator(".detail").inner_text() != ""
    if phone:
        last.dispatch_event("touchstart")
    else:
        last.hover()
    assert detail.inner_text() == last.locator(".detail").inner_text() != ""
    # The words stay in the button's accessible name.
    name = last.locator(".label").inner_text()
    assert page.get_by_role("button", name=f"{name} {last.locator('.detail').inner_text()}").count() == 1
