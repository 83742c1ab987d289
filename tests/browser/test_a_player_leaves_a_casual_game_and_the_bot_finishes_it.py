"""A player sits down at a short King game against three house bots (a real worker plays
them), leaves it through the table's "Leave the table" link and its confirmation, and watches
the house bot that took their seat finish the game: on a phone, then the finished table on a
desktop. The seat stays theirs in name; they can no longer act for it."""

import re

import pytest

from games.models import Event, Match
from tests.fixtures.browser import sign_up

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_player_leaves_a_casual_game_and_the_bot_finishes_it(new_page, bot_worker, screenshot):
    page = new_page(phone=True)
    sign_up(page, "leaver")
    page.goto("/play/")
    page.check("input[name=ruleset][value=king]")
    page.select_option("select[name=strategy]", "random")
    if page.locator("input[name=short]").count():
        page.check("input[name=short]")
    page.locator("#play-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    match = Match.objects.get(pk=int(re.search(r"/matches/(\d+)/", page.url).group(1)))
    page.wait_for_selector('#table[data-your-turn="true"]')
    screenshot(page, "table-before-leaving")

    page.click("#leave-table")
    page.wait_for_selector("#confirm-leave")
    assert "A house bot takes your seat" in page.inner_text("main")
    screenshot(page, "confirmation")
    page.click("#confirm-leave")
    page.wait_for_url(re.compile(rf"/matches/{match.pk}/$"))
    page.wait_for_selector("#seat-taken")
    assert page.locator("#leave-table").count() == 0

    taken = Event.objects.get(stream=match.stream, type="seat_taken_over")
    assert taken.payload["reason"] == "left" and taken.payload["seat"] == 0
    page.wait_for_selector("#final", timeout=90_000)  # the house bot and the others finish it
    screenshot(page, "finished-by-the-bot")
    match.refresh_from_db()
    assert match.status == Match.Status.OVER
    after = Event.objects.filter(stream=match.stream, version__gt=taken.version, metadata__seat=0)
    assert after.exists() and all(e.metadata["actor"].startswith("bot:") for e in after)

    desktop = new_page()
    desktop.goto(f"/matches/{match.pk}/")
    desktop.wait_for_selector("#final")
    screenshot(desktop, "finished-desktop")
