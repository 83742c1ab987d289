"""/play/ caps each account's live casual matches (LIVE_GAMES_PER_OWNER): past the cap the
page refuses clearly and creates nothing; a finished game frees its place, and tournament
matches and other people's games do not count."""

from bots.limits import owner_games
from games.models import Match
from tests.pages.tables import browser

SIT_DOWN = {"ruleset": "king", "strategy": "random", "short": "on"}


def test_past_the_cap_the_page_refuses_and_nothing_is_created(players, settings):
    settings.LIVE_GAMES_PER_OWNER = 2
    client = browser(players[0])
    assert [client.post("/play/", SIT_DOWN).status_code for _ in range(2)] == [302, 302]

    refused = client.post("/play/", SIT_DOWN)
    page = refused.content.decode()
    assert refused.status_code == 429
    assert "You already have 2 games in progress, the most an account may have at once." in page
    assert 'id="play-form"' in page  # the form stays, to try again later
    assert Match.objects.count() == 2 and owner_games(players[0]).filter(status="live").count() == 2


def test_a_finished_game_frees_its_place(players, settings):
    settings.LIVE_GAMES_PER_OWNER = 1
    client = browser(players[0])
    assert client.post("/play/", SIT_DOWN).status_code == 302
    assert client.post("/play/", SIT_DOWN).status_code == 429
    Match.objects.update(status=Match.Status.OVER)
    assert client.post("/play/", SIT_DOWN).status_code == 302
    assert Match.objects.count() == 2


def test_tournament_matches_and_other_accounts_games_do_not_count(players, settings):
    settings.LIVE_GAMES_PER_OWNER = 1
    browser(players[0]).post("/play/", SIT_DOWN)
    Match.objects.update(event="tournament/7")  # the same table, now part of an event
    assert browser(players[0]).post("/play/", SIT_DOWN).status_code == 302
    assert browser(players[1]).post("/play/", SIT_DOWN).status_code == 302
    assert browser(players[0]).post("/play/", SIT_DOWN).status_code == 429
    assert Match.objects.filter(event="").count() == 2
