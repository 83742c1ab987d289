"""A newcomer starts a practice game against the house bots from the play page (Kings in the
Corner, its short game of one hand, three at the table; the bots played by a real worker), plays
it to its end, and at the end of the game finds the winners, "Play again" and the links to the
score sheet, the replay and the audit. "Play again" sits them at once at a new table of the same
game with the same options and the same bots in the same seats."""

import re
import time

import pytest
from django.contrib.auth import get_user_model

from games.errors import ServiceError
from games.models import Match, Seat
from games.service import playing, states
from tests.fixtures.browser import sign_up

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

GAME_SECONDS = 180


def holders(match):
    return [(s.user_id, s.bot_id) for s in Seat.objects.filter(match=match).order_by("index")]


def play_to_the_end(match, person):
    """The person's turns, each their first legal move, as the table posts them (the worker plays
    the bots' turns meanwhile)."""
    seat = Seat.objects.get(match=match, user=person).index
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        match.refresh_from_db()
        if match.status == Match.Status.OVER:
            return
        if match.to_act != seat:
            time.sleep(0.1)
            continue
        try:
            playing.submit_action(match.pk, person, states.match_state(match).legal_actions()[0], match.version)
        except ServiceError:  # the table moved on meanwhile: look again
            continue
    pytest.fail(f"match {match.pk} did not end in {GAME_SECONDS} s")


def test_a_player_plays_a_practice_game_to_the_end_and_plays_again_with_the_same_bots(new_page, bot_worker, screenshot):
    page = new_page(phone=True)
    sign_up(page, "again")
    person = get_user_model().objects.get(username="again")
    page.goto("/play/")
    page.check("input[name=ruleset][value=corners]")
    page.select_option("select[name=strategy]", "random")
    page.check("input[name=short]")
    page.select_option("select[name=players]", "3")
    page.locator("#play-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    old = Match.objects.get(pk=int(re.search(r"/matches/(\d+)/", page.url).group(1)))
    assert old.num_seats == 3 and old.options["fixed_hands"] == 1

    play_to_the_end(old, person)
    page.wait_for_selector("#final #play-again", timeout=30_000)
    final = page.inner_text("#final")
    assert "Winner" in final and "Play again" in final
    for link in ("#final-sheet", "#final-replay", "#final-audit"):
        assert page.locator(link).is_visible()
    assert page.get_attribute("#final-replay", "href") == f"/matches/{old.pk}/replay/"
    screenshot(page, "game-over-phone")
    desktop = new_page()
    desktop.context.add_cookies(page.context.cookies())
    desktop.goto(f"/matches/{old.pk}/")
    screenshot(desktop, "game-over-desktop")

    page.locator("#play-again button").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    new = Match.objects.get(pk=int(re.search(r"/matches/(\d+)/", page.url).group(1)))
    assert new.pk != old.pk and new.status == Match.Status.LIVE
    assert (new.ruleset, new.options, holders(new)) == (old.ruleset, old.options, holders(old))
    page.wait_for_selector("#table")
    screenshot(page, "the-new-table")
