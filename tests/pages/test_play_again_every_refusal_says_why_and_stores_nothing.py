"""Play again is refused, with a page saying why and its status, and nothing stored: to someone
who held no seat at the match, for a game still in play, for a tournament's match (its event
seats its rounds; its table offers no Play again), past the person's rate limit for starting
games or their cap of live games; a visitor is sent to log in, and a GET changes nothing."""

import html

import pytest

from bots.house import house_bot
from games.service import creating
from tests.pages.again import RULESET, SHORT, finished, stored
from tests.pages.tables import browser

pytestmark = pytest.mark.django_db


def refused(client, match, status, words):
    before = stored()
    response = client.post(f"/matches/{match.pk}/again/")
    assert response.status_code == status, response.content
    page = html.unescape(response.content.decode())
    assert words in page, page
    assert stored() == before
    return page


@pytest.fixture
def practice(players):
    """A finished practice game of player0 against the house bots."""
    return finished([players[0], *[house_bot("random")] * 3], created_by=players[0])


def test_someone_who_held_no_seat_is_refused(players, practice):
    refused(browser(players[1]), practice, 403, "you hold no seat in this match")


def test_a_game_still_in_play_is_refused(players):
    live = creating.do_create_match(RULESET, SHORT, [players[0], *[house_bot("random")] * 3], created_by=players[0])
    page = refused(browser(players[0]), live, 409, "the game is not over yet")
    assert 'id="play-again"' not in browser(players[0]).get(f"/matches/{live.pk}/").content.decode()
    assert "Back to the table" in page


def test_a_tournaments_match_is_refused_and_its_table_offers_no_play_again(players):
    match = creating.do_create_match(
        RULESET, SHORT, [players[0], *[house_bot("random")] * 3], created_by=players[0], event="tournament/7"
    )
    refused(browser(players[0]), match, 409, "a tournament's game is not played again")
    match = finished([players[0], *[house_bot("random")] * 3], created_by=players[0], event="tournament/7")
    refused(browser(players[0]), match, 409, "a tournament's game is not played again")
    table = browser(players[0]).get(f"/matches/{match.pk}/").content.decode()
    assert 'id="final"' in table and 'id="play-again"' not in table


def test_past_the_rate_limit_for_starting_games_it_is_refused(players, practice, clock, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "games": "1/m"}
    person = browser(players[0])
    assert person.post(f"/matches/{practice.pk}/again/").status_code == 302
    refused(person, practice, 429, "Too many attempts")
    clock.advance(60)
    assert person.post(f"/matches/{practice.pk}/again/").status_code == 302


def test_past_the_cap_of_live_games_it_is_refused(players, practice, settings):
    settings.LIVE_GAMES_PER_OWNER = 1
    creating.do_create_match(RULESET, SHORT, [players[0], *[house_bot("random")] * 3], created_by=players[0])
    refused(browser(players[0]), practice, 429, "player0 already has 1 game in progress")


def test_a_visitor_is_sent_to_log_in_and_a_get_changes_nothing(players, practice):
    before = stored()
    response = browser().post(f"/matches/{practice.pk}/again/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert browser(players[0]).get(f"/matches/{practice.pk}/again/").status_code == 405
    assert stored() == before
