"""A player with a game on finds "Continue" at the top of the home page, in place of "Play now":
it goes to the game where it is their turn (the first of "Your games"), else to the game they
wait in, and says how many games wait for them."""

import re

from games.models import Match
from tests.pages.mine import games_of

from .tables import browser


def welcome(page):
    return re.search(r'<section class="welcome".*?</section>', page, re.S).group(0)


def test_continue_goes_to_the_game_where_it_is_your_turn(players):
    yours, waiting = games_of(players[0])
    part = welcome(browser(players[0]).get("/").content.decode())
    assert "Welcome back, player0." in part and "It is your turn in 1 game." in part
    assert part.count('class="button cta"') == 1 and 'id="play-now"' not in part
    assert f'id="continue" href="/matches/{yours.pk}/"' in part


def test_with_no_turn_of_yours_continue_goes_to_the_game_you_wait_in(players):
    yours, waiting = games_of(players[0])
    Match.objects.filter(pk=yours.pk).update(status=Match.Status.OVER, to_act=None)
    part = welcome(browser(players[0]).get("/").content.decode())
    assert "the others are playing" in part
    assert f'id="continue" href="/matches/{waiting[0].pk}/"' in part


def test_others_see_their_own_welcome(players):
    games_of(players[0])
    part = welcome(browser(players[1]).get("/").content.decode())
    assert 'id="continue"' not in part and 'id="play-now" href="/play/"' in part
