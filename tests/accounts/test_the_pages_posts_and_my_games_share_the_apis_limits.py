"""The pages are no way round the API's rate limits: a card played at the table page and leaving
a table spend the person's "actions" budget (the API's own), setting up a table with friends
spends their "games" budget, and GET me/matches/ their "polls" budget. Past a limit the page
answers 429 with the wait, and nothing is stored."""

import json

import pytest

from games.models import Event, Match
from games.service import creating, states
from tests.fixtures.people import client_for
from tests.fixtures.throttles import assert_throttled
from tests.pages.friends import open_table, stored
from tests.pages.tables import browser


@pytest.fixture
def tight(settings):
    settings.PERSON_MOVE_SECONDS = None
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "actions": "2/m", "games": "3/m", "polls": "2/m"}


def assert_429_page(response, seconds):
    assert response.status_code == 429 and int(response["Retry-After"]) == seconds
    assert "Too many attempts" in response.content.decode()


def test_cards_played_through_the_page_spend_the_same_budget_as_the_api(players, clock, tight):
    match = creating.do_create_match("king", {}, players)
    person = players[match.to_act]
    page = browser(person)
    legal = states.match_state(match).legal_actions()[0]
    move = {"action": json.dumps(legal), "expected_version": match.version}
    stale = {**move, "expected_version": match.version + 5}  # refused by the service, counted all the same
    assert page.post(f"/matches/{match.pk}/act/", stale).status_code == 409
    api_stale = {"action": legal, "expected_version": match.version + 5}
    assert client_for(person).post(f"/api/v1/matches/{match.pk}/actions/", api_stale, format="json").status_code == 409
    assert_429_page(page.post(f"/matches/{match.pk}/act/", move), 60)
    assert_429_page(page.post(f"/matches/{match.pk}/leave/"), 60)
    assert Event.objects.filter(stream=match.stream).count() == match.version  # nothing stored
    clock.advance(60)
    response = page.post(f"/matches/{match.pk}/act/", move)
    assert response.status_code == 302
    assert Match.objects.get(pk=match.pk).version == match.version + 1


def test_setting_up_tables_with_friends_spends_the_games_budget(players, clock, tight):
    owner, table = open_table(players[0])
    assert owner.post(f"/tables/{table.pk}/invite/", {"username": "player1"}).status_code == 302
    assert owner.post(f"/tables/{table.pk}/invite/", {"username": "player2"}).status_code == 302
    before = stored()
    assert_429_page(owner.post(f"/tables/{table.pk}/invite/", {"username": "player3"}), 60)
    assert_429_page(owner.post("/tables/new/", {"ruleset": "king"}), 60)
    assert stored() == before
    assert owner.get("/tables/new/").status_code == 200  # reading the form costs nothing


def test_my_games_are_polled_within_the_polls_budget(players, clock, tight):
    client = client_for(players[0])
    assert [client.get("/api/v1/me/matches/").status_code for _ in range(2)] == [200, 200]
    assert assert_throttled(client.get("/api/v1/me/matches/")) == 60
