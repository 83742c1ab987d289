"""/play/: the short game is a choice a player makes, not the default (issue 19): the form's
box starts unticked, and a form sent without it plays the whole game."""

import re

from bots.views_play import PlayForm
from games.models import Match
from tests.pages.tables import browser


def test_the_forms_initial_value_for_the_short_game_is_off(players):
    assert PlayForm().fields["short"].initial is False


def test_the_page_shows_the_short_game_box_unticked(players):
    page = browser(players[0]).get("/play/").content.decode()
    box = re.search(r'<input[^>]*name="short"[^>]*>', page).group(0)
    assert "checked" not in box


def test_a_form_sent_as_it_first_appears_plays_the_whole_game(players):
    browser(players[0]).post("/play/", {"ruleset": "king", "strategy": "random"})
    assert Match.objects.get().options["quick_game_combined_negatives"] is False
