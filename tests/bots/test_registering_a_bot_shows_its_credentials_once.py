"""POST/GET/PATCH /api/v1/bots/: the registry. Token and secret are shown once, stored hashed."""

import hashlib

import pytest
from rest_framework.test import APIClient

from bots.models import Bot
from tests.fixtures.people import body, client_for


@pytest.fixture
def author(django_user_model):
    return django_user_model.objects.create_user("author", password="long-enough-pass")


def register(client, **fields):
    data = {"name": "deepking", "kind": "polling", **fields}
    return client.post("/api/v1/bots/", data, format="json")


def test_a_registered_bot_gets_a_token_and_secret_shown_once_and_stored_as_digests(author):
    r = register(client_for(author), description="plays King")
    assert r.status_code == 201
    data = body(r)
    bot = Bot.objects.get()
    assert bot.token_hash == hashlib.sha256(data["token"].encode()).hexdigest()
    assert bot.signing_key() == hashlib.sha256(data["secret"].encode()).hexdigest()
    stored = " ".join(str(v) for v in Bot.objects.values().get().values())
    assert data["token"] not in stored and data["secret"] not in stored
    listed = body(client_for(author).get("/api/v1/bots/"))
    assert [b["name"] for b in listed] == ["deepking"] and "token" not in listed[0] and "secret" not in listed[0]


def test_the_bot_token_authenticates_the_polling_api_until_rotated(author):
    client = client_for(author)
    data = body(register(client))
    bot_client = APIClient()
    bot_client.credentials(HTTP_AUTHORIZATION=f"Bot {data['token']}")
    assert bot_client.get("/api/v1/bot/turns/").status_code == 200
    rotated = body(client.post(f"/api/v1/bots/{data['id']}/rotate/"))
    assert rotated["token"] != data["token"] and rotated["secret"] != data["secret"]
    r = bot_client.get("/api/v1/bot/turns/")
    assert r.status_code == 401 and body(r)["error"]["code"] == "invalid_token"


def test_a_disabled_bot_cannot_poll(author):
    client = client_for(author)
    data = body(register(client))
    assert body(client.patch(f"/api/v1/bots/{data['id']}/", {"is_active": False}, format="json"))["is_active"] is False
    bot_client = APIClient()
    bot_client.credentials(HTTP_AUTHORIZATION=f"Bot {data['token']}")
    assert bot_client.get("/api/v1/bot/turns/").status_code == 401


@pytest.mark.parametrize(
    "fields, field",
    [
        ({"name": "x"}, "name"),
        ({"name": "bad name!"}, "name"),
        ({"kind": "telepathic"}, "kind"),
        ({"kind": "webhook"}, "url"),
        ({"kind": "webhook", "url": "ftp://example.com/"}, "url"),
        ({"kind": "builtin"}, "strategy"),
        ({"kind": "builtin", "strategy": "oracle"}, "strategy"),
        ({"kind": "polling", "url": "https://example.com/"}, "url"),
        ({"strategy": "random"}, "strategy"),
    ],
)
def test_bad_registrations_are_refused_field_by_field_and_nothing_is_stored(author, fields, field):
    r = register(client_for(author), **fields)
    assert r.status_code == 400 and body(r)["error"]["code"] == "invalid_input"
    assert field in body(r)["error"]["fields"]
    assert not Bot.objects.exists()


@pytest.mark.parametrize(
    "url", ["http://127.0.0.1/", "http://169.254.169.254/", "http://10.0.0.1/", "http://localhost:8000/bot"]
)
def test_in_production_settings_webhooks_to_private_addresses_are_refused(author, settings, url):
    settings.BOT_WEBHOOKS_ALLOW_PRIVATE = False
    r = register(client_for(author), kind="webhook", url=url)
    assert r.status_code == 400 and "url" in body(r)["error"]["fields"]
    assert not Bot.objects.exists()


def test_a_taken_name_is_refused(author):
    register(client_for(author))
    r = register(client_for(author), name="DeepKing")
    assert r.status_code == 409 and body(r)["error"]["code"] == "name_taken"
    assert Bot.objects.count() == 1


def test_owners_see_only_their_own_bots(author, django_user_model):
    data = body(register(client_for(author)))
    other = client_for(django_user_model.objects.create_user("other", password="long-enough-pass"))
    assert body(other.get("/api/v1/bots/")) == []
    assert other.get(f"/api/v1/bots/{data['id']}/").status_code == 404
    assert other.post(f"/api/v1/bots/{data['id']}/rotate/").status_code == 404
    assert APIClient().get("/api/v1/bots/").status_code in (401, 403)
