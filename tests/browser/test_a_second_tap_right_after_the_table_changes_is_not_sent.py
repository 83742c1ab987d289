"""A tap on a card that the table's last swap put under a resting finger or mouse is not sent:
bots answer in a fraction of a second, and a second tap meant for the card just played would
otherwise play whatever card now lies there, in the next trick. Pressed within the guard's
moment after the swap, without the pointer having moved, nothing is posted and nothing stored;
the same press a moment later plays the card, and so does a pointer brought onto the card right
after a swap (a player aiming at the new table). With the mouse on a desktop, then a finger on a
phone."""

import pytest

from games.models import Event
from tests.fixtures.browser import PASSWORD, log_in
from tests.pages.tables import king_deal

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

# The table is asked for again as if a move had been announced (its ?v= made stale so that the
# whole table comes back), and swapped in; the old element is marked to see the swap land.
SWAP = """() => {
  const t = document.getElementById("table");
  t.dataset.old = "yes";
  t.setAttribute("hx-get", t.getAttribute("hx-get").replace(/v=\\d+/, "v=0"));
  htmx.process(t);
  htmx.trigger(t, "refresh");
}"""
SWAPPED = "() => !document.getElementById('table').dataset.old"


def plays_by(match, user):
    return Event.objects.filter(stream=match.stream, type="play", metadata__actor=f"user:{user.pk}").count()


def centre_of_a_playable_card(page):
    box = page.locator("#hand button:not([disabled])").first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + 20


def swap(page):
    page.evaluate(SWAP)
    page.wait_for_function(SWAPPED)


def wait_for_a_play(page, version):
    page.wait_for_function("v => document.getElementById('table').dataset.version !== v", arg=version)


@pytest.mark.parametrize("finger", [False, True], ids=["mouse", "finger"])
def test_a_second_tap_right_after_the_table_changes_is_not_sent(
    finger, new_page, make_bot, django_user_model, screenshot
):
    player = django_user_model.objects.create_user("tapper", password=PASSWORD)
    match = king_deal(player, make_bot())  # the person deals and leads
    page = new_page(phone=finger)
    log_in(page, player.username)
    page.goto(f"/matches/{match.pk}/")
    page.wait_for_selector('#table[data-your-turn="true"]')
    x, y = centre_of_a_playable_card(page)
    version = page.get_attribute("#table", "data-version")

    def tap():
        if finger:
            page.touchscreen.tap(x, y)
        else:
            page.mouse.down()
            page.mouse.up()

    # The pointer rests on a card; the table changes under it; the tap that follows is dropped.
    page.mouse.move(x, y)
    swap(page)
    tap()
    page.wait_for_timeout(1200)
    assert plays_by(match, player) == 0 and page.get_attribute("#table", "data-version") == version
    screenshot(page, "stray-tap-dropped")

    if finger:
        # The same tap once the guard's moment is over plays the card under it.
        page.wait_for_timeout(900)
        tap()
    else:
        # A mouse brought onto the card right after a swap aims at the new table: it plays.
        swap(page)
        page.mouse.move(x + 2, y)
        tap()
    wait_for_a_play(page, version)
    assert plays_by(match, player) == 1
