"""Registering a bot on "My bots" shows its token and secret once, on that response only (not
cached); only their SHA-256 digests are stored. Rotating shows new ones once and the old token
stops working. Bad registrations are refused with the API's messages and store nothing."""

import hashlib
import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from bots.models import Bot


def credentials(page):
    return re.search(r'id="bot-token">(krb_[^<]+)<', page).group(1), re.search(
        r'id="bot-secret">(krs_[^<]+)<', page
    ).group(1)


def polls(token):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bot {token}")
    return client.get("/api/v1/bot/turns/").status_code == 200


def test_the_token_is_shown_once_and_only_its_hash_is_stored(client_of):
    page = client_of.get("/bots/").content.decode()
    assert all(f'id="id_{name}"' in page for name in ("name", "kind", "url", "strategy", "description"))
    r = client_of.post("/bots/", {"name": "deepking", "kind": "polling", "description": "plays King"})
    assert r.status_code == 201 and "no-store" in r["Cache-Control"]
    page = r.content.decode()
    token, secret = credentials(page)
    assert "shown only this once" in page
    bot = Bot.objects.get()
    assert (bot.name, bot.kind, bot.description) == ("deepking", "polling", "plays King")
    assert bot.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert bot.signing_key() == hashlib.sha256(secret.encode()).hexdigest()
    stored = " ".join(str(v) for v in Bot.objects.values().get().values())
    assert token not in stored and secret not in stored
    for later in (client_of.get("/bots/"), client_of.get(f"/bots/{bot.pk}/")):
        assert later.status_code == 200 and "deepking" in later.content.decode()
        assert token not in later.content.decode() and secret not in later.content.decode()
    assert polls(token)


def test_rotating_shows_new_credentials_once_and_the_old_token_stops_working(client_of):
    old, _ = credentials(client_of.post("/bots/", {"name": "deepking", "kind": "polling"}).content.decode())
    bot = Bot.objects.get()
    assert 'id="rotate-token"' in client_of.get(f"/bots/{bot.pk}/").content.decode()
    confirm = re.search(r'name="confirm" value="([^"]+)"', client_of.get(f"/bots/{bot.pk}/rotate/").content.decode())
    r = client_of.post(f"/bots/{bot.pk}/rotate/", {"confirm": confirm.group(1)})
    assert r.status_code == 200 and "no-store" in r["Cache-Control"]
    new, secret = credentials(r.content.decode())
    bot.refresh_from_db()
    assert new != old and bot.token_hash == hashlib.sha256(new.encode()).hexdigest()
    assert bot.signing_key() == hashlib.sha256(secret.encode()).hexdigest()
    assert polls(new) and not polls(old)


def test_someone_elses_bot_cannot_be_rotated(client_of, django_user_model):
    client_of.post("/bots/", {"name": "deepking", "kind": "polling"})
    bot = Bot.objects.get()
    other = Client()
    other.force_login(django_user_model.objects.create_user("other", password="long-enough-pass"))
    assert other.post(f"/bots/{bot.pk}/rotate/", {"confirm": "x"}).status_code == 404
    assert other.get(f"/bots/{bot.pk}/rotate/").status_code == 404
    page = other.get(f"/bots/{bot.pk}/").content.decode()
    assert 'id="rotate-token"' not in page and bot.token_prefix not in page
    assert Bot.objects.get().token_hash == bot.token_hash
    assert "deepking" not in other.get("/bots/").content.decode()  # "My bots" lists one's own


@pytest.mark.parametrize(
    "data, status, message",
    [
        ({"name": "x", "kind": "polling"}, 400, "2 to 60 letters"),
        ({"name": "bad name!", "kind": "polling"}, 400, "2 to 60 letters"),
        ({"name": "hooky", "kind": "webhook"}, 400, "a webhook URL must start with http:// or https://"),
        ({"name": "hooky", "kind": "polling", "url": "https://example.com/"}, 400, "only a webhook bot has a URL"),
        ({"name": "house", "kind": "builtin"}, 400, "a built-in bot needs one of"),
        ({"name": "house", "kind": "builtin", "strategy": "oracle"}, 400, "Select a valid choice"),
        ({"name": "Taken", "kind": "polling"}, 409, "The bot name Taken is taken; please choose another."),
    ],
)
def test_a_bad_registration_is_refused_with_its_message_and_nothing_is_stored(
    client_of, data, status, message, django_user_model
):
    someone = Client()  # the taken name is someone else's (one's own is test_bot_pages_a_reloaded_registration_...)
    someone.force_login(django_user_model.objects.create_user("someone", password="long-enough-pass"))
    someone.post("/bots/", {"name": "taken", "kind": "polling"})
    r = client_of.post("/bots/", data)
    page = r.content.decode()
    assert r.status_code == status and message in page, page
    assert "The bot was not registered" in page and 'id="bot-token"' not in page
    assert list(Bot.objects.values_list("name", flat=True)) == ["taken"]


def test_in_production_settings_a_private_webhook_url_is_refused(client_of, settings):
    settings.BOT_WEBHOOKS_ALLOW_PRIVATE = False
    r = client_of.post("/bots/", {"name": "hooky", "kind": "webhook", "url": "http://127.0.0.1:8000/bot"})
    assert r.status_code == 400 and "resolves to a non-public address" in r.content.decode()
    assert not Bot.objects.exists()


def test_only_signed_in_people_register_bots(db):
    r = Client().post("/bots/", {"name": "deepking", "kind": "polling"})
    assert r.status_code == 302 and r["Location"].startswith("/accounts/login/")
    assert not Bot.objects.exists()
