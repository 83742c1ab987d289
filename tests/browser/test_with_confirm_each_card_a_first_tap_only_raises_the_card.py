"""A player turns on "Confirm each card" on their settings page (it is off until they do, and
stored on their profile). At the table a first tap on a playable card only raises it: nothing
is sent. A tap on another card raises that one instead; a second tap on the raised card plays
it, and the log holds that card as theirs."""

import pytest

from games.models import Event, Profile
from tests.fixtures.browser import PASSWORD, PHONE, log_in
from tests.pages.tables import king_deal

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

RAISED = "() => Array.from(document.querySelectorAll('#hand button.selected')).map(b => b.dataset.card)"


def test_with_confirm_each_card_a_first_tap_only_raises_the_card(new_page, make_bot, django_user_model, screenshot):
    player = django_user_model.objects.create_user("careful", password=PASSWORD)
    match = king_deal(player, make_bot())
    page = new_page(phone=True)
    log_in(page, player.username)

    page.goto("/me/settings/")
    box = page.get_by_label("Confirm each card")
    assert not box.is_checked()
    box.check()
    page.locator("#settings-form button[type=submit]").click()
    page.wait_for_selector("text=Your settings are saved.")
    assert Profile.objects.get(user=player).confirm_each_card is True
    screenshot(page, "settings")

    page.goto(f"/matches/{match.pk}/")
    page.wait_for_selector('#table-page[data-confirm-each-card="true"] #table[data-your-turn="true"]')
    cards = page.locator("#hand button:not([disabled])")
    first, second = cards.nth(0), cards.nth(1)
    version = page.get_attribute("#table", "data-version")

    first.click()
    page.wait_for_timeout(800)
    assert page.evaluate(RAISED) == [first.get_attribute("data-card")]
    assert first.get_attribute("aria-pressed") == "true"
    assert page.get_attribute("#table", "data-version") == version
    screenshot(page, "raised")

    chosen = second.get_attribute("data-card")
    second.click()
    assert page.evaluate(RAISED) == [chosen]
    page.wait_for_timeout(800)
    assert not Event.objects.filter(stream=match.stream, type="play").exists()

    second.click()
    page.wait_for_function("v => document.getElementById('table').dataset.version !== v", arg=version)
    played = Event.objects.get(stream=match.stream, type="play")
    assert played.payload["card"] == chosen and played.metadata["actor"] == f"user:{player.pk}"
    assert page.viewport_size == PHONE
