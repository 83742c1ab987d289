"""A Rifki table is seen going counter-clockwise (games/pages/compass.py, from the ruleset's
direction): the player at the bottom, the next to play on their right, then across, then on
their left; the trick's cards lie in front of whoever played them. Photographed on a phone and
a desktop while a worker's bots play and the player plays through the page."""

import pytest

from games.engine import RULESETS
from games.pages import compass
from games.service import creating
from tests.fixtures.browser import PASSWORD, log_in

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

TURN_TIMEOUT_MS = 60_000


def test_a_rifki_table_is_laid_out_counter_clockwise_with_each_card_before_its_player(
    new_page,
    bot_worker,
    make_bot,
    django_user_model,
    screenshot,
):
    player = django_user_model.objects.create_user("rifkici", password=PASSWORD)
    bots = [make_bot(name=name, strategy="random") for name in ("house-deniz", "house-ece", "house-fuat")]
    match = creating.do_create_match("rifki", {}, [player, *bots], seed=b"rifki-table" * 3, created_by=player)
    game = RULESETS["rifki"]
    phone, desk = new_page(phone=True), new_page()
    for page in (phone, desk):
        log_in(page, player.username)
        page.goto(f"/matches/{match.pk}/")
    assert phone.get_attribute(".felt", "data-direction") == "counter-clockwise"
    # The seat that plays after the player's sits on their right, then across, then on their left.
    after = game.next_seat(0, 4)
    assert phone.get_attribute(f'#seats li[data-seat="{after}"]', "data-place") == "right"
    assert phone.get_attribute(f'#seats li[data-seat="{game.next_seat(after, 4)}"]', "data-place") == "top"
    for seat, place in compass.places(0, 4, game.direction).items():
        assert phone.get_attribute(f'#seats li[data-seat="{seat}"]', "data-place") == place

    # Play (through the page: the first choice that is not a misdeal, or the first playable
    # card) until, at the player's turn, a trick has two cards or more in the middle once any
    # gathered trick's slide is over.
    for _ in range(40):
        phone.wait_for_selector('#table[data-your-turn="true"]', timeout=TURN_TIMEOUT_MS)
        if phone.locator("#trick .played li").count() >= 2:
            phone.wait_for_timeout(1500)
            if phone.locator("#trick .played li").count() >= 2:
                break
            continue  # the table moved on meanwhile: look again at the next turn
        version = phone.get_attribute("#table", "data-version")
        choice = phone.locator("#choices button:not([data-action*='\"cancel\"'])")
        (choice.first if choice.count() else phone.locator("#hand button:not([disabled])").first).click()
        phone.wait_for_function("v => document.querySelector('#table').dataset.version !== v", arg=version)
    cards = phone.locator("#trick .played li")
    assert cards.count() >= 2
    # Each card of the trick lies nearer its player's seat than any other seat does.
    for i in range(cards.count()):
        item = cards.nth(i)
        place = item.get_attribute("class").split("at-")[1]
        card = item.locator("img").bounding_box()
        centre = (card["x"] + card["width"] / 2, card["y"] + card["height"] / 2)

        def distance(seat, centre=centre):
            box = seat.bounding_box()
            return abs(box["x"] + box["width"] / 2 - centre[0]) + abs(box["y"] + box["height"] / 2 - centre[1])

        seats = phone.locator("#seats li.seat")
        nearest = min(range(seats.count()), key=lambda k: distance(seats.nth(k)))
        assert seats.nth(nearest).get_attribute("data-place") == place
    screenshot(phone, "phone")
    desk.goto(f"/matches/{match.pk}/")
    screenshot(desk, "desktop")
