"""At the end of a game with a friend and two house bots, "Play again" does not seat the friend
unasked: the player who asks gets the table with friends of the same game, the house bots
seated and the friend invited to the seat she had. She finds the invitation on her home page,
sits down, the one who asked starts the game, and both are taken to the new table: the same
game, options and players in the same seats."""

import re

import pytest

from bots.house import house_bot
from games.models import Match, Seat
from tests.fixtures.browser import PASSWORD, log_in
from tests.pages.again import finished

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def seats(match):
    return [(s.user_id, s.bot_id) for s in Seat.objects.filter(match=match).order_by("index")]


def test_a_player_plays_again_with_a_friend_who_is_asked_first(new_page, django_user_model, screenshot):
    ana = django_user_model.objects.create_user("ana", password=PASSWORD)
    ben = django_user_model.objects.create_user("ben", password=PASSWORD)
    old = finished([ana, house_bot("random"), ben, house_bot("heuristic")], created_by=ana)
    asker, friend = new_page(phone=True), new_page(phone=True)
    log_in(asker, "ben")
    log_in(friend, "ana")

    asker.goto(f"/matches/{old.pk}/")
    asker.locator("#play-again button").click()
    asker.wait_for_url(re.compile(r"/tables/\d+/$"))
    assert "The others are invited to play again" in asker.inner_text("body")
    assert Match.objects.count() == 1 and asker.locator("#start-form button").is_disabled()
    screenshot(asker, "lobby-waiting")

    friend.goto("/")
    friend.get_by_role("link", name="Open the table").click()
    friend.locator("#join-form button").click()
    asker.wait_for_selector("#start-form button:not([disabled])", timeout=10_000)  # the lobby refreshes itself
    asker.locator("#start-form button").click()
    asker.wait_for_url(re.compile(r"/matches/\d+/$"))
    new = Match.objects.exclude(pk=old.pk).get()
    assert asker.url.endswith(f"/matches/{new.pk}/")
    friend.wait_for_url(f"**/matches/{new.pk}/", timeout=10_000)  # her lobby takes her there
    assert (new.ruleset, new.options, seats(new)) == (old.ruleset, old.options, seats(old))
    screenshot(friend, "friend-at-the-new-table")
