"""A built-in bot runs inside the site's workers: it never polls or answers webhooks, so the API
gives it no token or secret (null in the registration answer), refuses to rotate credentials it
does not have, and a token that a built-in bot was given before this rule authenticates nothing
(the worker, not its owner, plays its seats)."""

import pytest
from rest_framework.test import APIClient

from bots.models import Bot
from tests.fixtures.people import body, client_for


@pytest.fixture
def author(django_user_model):
    return django_user_model.objects.create_user("author", password="long-enough-pass")


def test_registering_a_built_in_bot_answers_with_no_token_or_secret(author):
    r = client_for(author).post(
        "/api/v1/bots/", {"name": "house-rules", "kind": "builtin", "strategy": "heuristic"}, format="json"
    )
    assert r.status_code == 201
    data = body(r)
    assert data["token"] is None and data["secret"] is None
    bot = Bot.objects.get(name="house-rules")
    assert (bot.kind, bot.strategy) == ("builtin", "heuristic") and len(bot.token_hash) == 64


def test_rotating_a_built_in_bots_credentials_is_refused_and_changes_nothing(author):
    client = client_for(author)
    created = body(
        client.post("/api/v1/bots/", {"name": "house-rules", "kind": "builtin", "strategy": "random"}, format="json")
    )
    before = Bot.objects.values("token_hash", "token_prefix", "signing_key_sealed").get(pk=created["id"])

    r = client.post(f"/api/v1/bots/{created['id']}/rotate/")
    assert r.status_code == 409
    assert body(r)["error"] == {
        "code": "no_credentials",
        "message": "a built-in bot runs on the site and has no token or secret",
    }
    assert Bot.objects.values("token_hash", "token_prefix", "signing_key_sealed").get(pk=created["id"]) == before


def test_a_token_a_built_in_bot_holds_authenticates_nothing(make_bot):
    builtin, polling = make_bot(kind="builtin"), make_bot(kind="polling")
    for bot, expected in ((builtin, 401), (polling, 200)):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bot {bot.token}")
        r = client.get("/api/v1/bot/turns/")
        assert r.status_code == expected, (bot.kind, r.content)
    client.credentials(HTTP_AUTHORIZATION=f"Bot {builtin.token}")
    r = client.get("/api/v1/bot/turns/")
    assert body(r)["error"]["message"] == "a built-in bot runs on the site and takes no token"
