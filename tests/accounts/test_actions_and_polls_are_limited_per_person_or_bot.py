"""POST matches/{id}/actions/ and bot/turns/{id}/ ("actions"), GET matches/{id}/events/ and
bot/turns/ ("polls") are limited per caller: a person's tokens and session share one budget, a
bot has its own, an anonymous spectator is counted by address. Refusals are 429 with the wait."""

import pytest
from rest_framework.test import APIClient

from bots import registry
from games.accounts.tokens import issue_token
from tests.fixtures.throttles import assert_throttled


@pytest.fixture
def tight(settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "actions": "3/m", "polls": "2/s, 4/m"}


def with_token(user):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {issue_token(user)}")
    return client


def act(client):
    return client.post(
        "/api/v1/matches/999/actions/", {"action": {"type": "play", "card": "KH"}, "expected_version": 0}, format="json"
    )


def test_a_person_is_refused_past_the_action_limit_whatever_token_they_use(db, alice, django_user_model, clock, tight):
    for client in (with_token(alice), with_token(alice), with_token(alice)):
        assert act(client).status_code == 404  # no such match: counted all the same
    assert assert_throttled(act(with_token(alice))) == 60
    bob = django_user_model.objects.create_user("bob", password="correct horse battery")
    assert act(with_token(bob)).status_code == 404  # someone else's budget is untouched
    clock.advance(60)
    assert act(with_token(alice)).status_code == 404


def test_polls_are_slowed_per_second_and_then_refused_for_the_minute(db, alice, clock, tight):
    client = with_token(alice)
    assert [client.get("/api/v1/matches/999/events/").status_code for _ in range(3)][2] == 429
    clock.advance(1)
    assert [client.get("/api/v1/matches/999/events/").status_code for _ in range(2)] == [404, 404]
    clock.advance(1)
    assert assert_throttled(client.get("/api/v1/matches/999/events/")) == 58


def test_anonymous_spectators_are_counted_by_address(db, clock, tight):
    spectator = APIClient(REMOTE_ADDR="203.0.113.7")
    assert [spectator.get("/api/v1/matches/999/events/").status_code for _ in range(2)] == [404, 404]
    assert_throttled(spectator.get("/api/v1/matches/999/events/"))
    assert APIClient(REMOTE_ADDR="198.51.100.9").get("/api/v1/matches/999/events/").status_code == 404


def test_a_bot_polls_and_answers_on_its_own_budget(db, alice, clock, tight):
    _, token, _ = registry.register(alice, "alice-bot", "polling")
    bot = APIClient()
    bot.credentials(HTTP_AUTHORIZATION=f"Bot {token}")
    assert [bot.get("/api/v1/bot/turns/").status_code for _ in range(2)] == [200, 200]
    assert_throttled(bot.get("/api/v1/bot/turns/"))
    answer = "/api/v1/bot/turns/00000000-0000-0000-0000-000000000000/"
    assert [bot.post(answer, {"action": {}}, format="json").status_code for _ in range(3)] == [404] * 3
    assert_throttled(bot.post(answer, {"action": {}}, format="json"))
    assert act(with_token(alice)).status_code == 404  # the owner's own budget is apart


def test_the_default_limits_leave_a_fast_player_alone(db, alice, clock):
    client = with_token(alice)
    assert {act(client).status_code for _ in range(30)} == {404}
    assert {client.get("/api/v1/matches/999/events/").status_code for _ in range(30)} == {404}
