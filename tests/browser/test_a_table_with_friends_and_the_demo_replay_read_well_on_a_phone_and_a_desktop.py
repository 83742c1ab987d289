"""A look at the lobby of a table with friends and at the demo replay, on a phone and a desktop
(issue 19). The owner opens a table and invites a guest by name; the guest finds it on the home
page and sits down; the owner's lobby shows them seated without a reload, the owner fills the
last seats with house bots and starts, and both land at the table. Then the demo replays a game
of house bots by itself, and pauses."""

import re

import pytest
from django.contrib.auth import get_user_model

from tests.fixtures.browser import PASSWORD, log_in

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_friends_meet_in_the_lobby_and_start_and_the_demo_replays_itself(new_page, screenshot):
    users = get_user_model().objects
    users.create_user("host", password=PASSWORD)
    users.create_user("guest", password=PASSWORD)

    host = new_page()
    log_in(host, "host")
    host.goto("/")
    host.get_by_role("link", name="Start a table with friends").click()
    host.check("input[name=ruleset][value=king]")
    host.locator("#friends-table-form button[type=submit]").click()
    host.wait_for_url(re.compile(r"/tables/\d+/$"))
    host.fill("#id_username", "guest")
    host.locator("#invite-form button[type=submit]").click()
    host.locator("#lobby-seats li.invited", has_text="guest").wait_for()
    host.click("#copy-link")
    host.locator("#copy-link", has_text="Copied").wait_for()
    screenshot(host, "lobby-desktop")

    guest = new_page(phone=True)
    log_in(guest, "guest")
    guest.goto("/")
    guest.get_by_role("link", name="Open the table").click()
    guest.get_by_role("button", name="Take a seat").click()
    guest.locator("#lobby-seats li.taken", has_text="guest").wait_for()
    screenshot(guest, "lobby-phone")

    host.locator("#lobby-seats li.taken", has_text="guest").wait_for()  # the lobby refreshed itself
    host.select_option("#id_strategy", "random")
    host.locator("#fill-form button[type=submit]").click()
    host.get_by_role("button", name="Start the game").click()
    host.wait_for_url(re.compile(r"/matches/\d+/$"))
    guest.wait_for_url(host.url)  # the lobby's poll sends the guest to the table

    for phone, name in ((True, "replay-phone"), (False, "replay-desktop")):
        page = new_page(phone=phone)
        page.goto("/demo/king/watch/")
        page.wait_for_url(re.compile(r"/matches/\d+/replay/$"))
        page.wait_for_function("() => Number(document.querySelector('#replay-step').dataset.version) >= 6")
        page.click("#replay-toggle")  # pause
        stopped = page.get_attribute("#replay-step", "data-version")
        assert page.get_attribute("#replay-toggle", "aria-pressed") == "false"
        page.click("#replay-next")
        step = "v => document.querySelector('#replay-step').dataset.version === v"
        page.wait_for_function(step, arg=str(int(stopped) + 1))
        screenshot(page, name)
