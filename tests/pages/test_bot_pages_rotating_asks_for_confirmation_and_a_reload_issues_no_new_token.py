"""Rotating a bot's token goes through a confirmation page that says the old token stops
working at once; the credentials it then shows are never cached. The rotate POST needs the
confirmation form's `confirm` key, bound to the current token: a POST without it (400) or a
reload of the credentials page (the browser re-POSTs the old key: 409) is refused with a clear
message and rotates nothing, so the token just copied keeps working."""

import hashlib
import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from bots.models import Bot


@pytest.fixture
def bot(client_of):
    client_of.post("/bots/", {"name": "my-poller", "kind": "polling"})
    return Bot.objects.get()


def confirm_key(page):
    return re.search(r'name="confirm" value="([^"]+)"', page).group(1)


def token_of(page):
    return re.search(r'id="bot-token">(krb_[^<]+)<', page).group(1)


def polls(token):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bot {token}")
    return client.get("/api/v1/bot/turns/").status_code == 200


def test_the_bots_page_links_to_a_confirmation_page_and_rotates_nothing_by_itself(client_of, bot):
    page = client_of.get(f"/bots/{bot.pk}/").content.decode()
    assert f'href="/bots/{bot.pk}/rotate/" id="rotate-token"' in page
    assert f'action="/bots/{bot.pk}/rotate/"' not in page  # no one-click rotation on the bot's page
    r = client_of.get(f"/bots/{bot.pk}/rotate/")
    page = r.content.decode()
    assert r.status_code == 200 and "no-store" in r["Cache-Control"]
    assert "The current token and signing secret stop working at once." in page
    assert 'id="confirm-rotate"' in page and 'method="post"' in page and confirm_key(page)
    assert f'href="/bots/{bot.pk}/" id="cancel-rotate"' in page
    assert Bot.objects.get().token_hash == bot.token_hash  # showing the question changed nothing


def test_confirming_issues_new_credentials_once_on_a_response_that_is_never_stored(client_of, bot):
    r = client_of.post(
        f"/bots/{bot.pk}/rotate/", {"confirm": confirm_key(client_of.get(f"/bots/{bot.pk}/rotate/").content.decode())}
    )
    assert r.status_code == 200 and "no-store" in r["Cache-Control"]
    token = token_of(r.content.decode())
    assert Bot.objects.get().token_hash == hashlib.sha256(token.encode()).hexdigest() != bot.token_hash
    assert polls(token)


def test_a_rotate_post_without_the_confirmation_is_refused_and_rotates_nothing(client_of, bot):
    r = client_of.post(f"/bots/{bot.pk}/rotate/")
    page = r.content.decode()
    assert r.status_code == 400 and "no-store" in r["Cache-Control"]
    assert "Nothing was changed: a new token is issued only from this confirmation form." in page
    assert 'id="bot-token"' not in page and 'id="confirm-rotate"' in page  # the question, asked properly
    assert Bot.objects.get().token_hash == bot.token_hash


def test_reloading_the_new_credentials_refuses_and_the_token_just_copied_keeps_working(client_of, bot):
    form = {"confirm": confirm_key(client_of.get(f"/bots/{bot.pk}/rotate/").content.decode())}
    copied = token_of(client_of.post(f"/bots/{bot.pk}/rotate/", form).content.decode())
    after_rotation = Bot.objects.get().token_hash
    reload = client_of.post(f"/bots/{bot.pk}/rotate/", form)  # what the browser sends on "resubmit?"
    page = reload.content.decode()
    assert reload.status_code == 409 and "no-store" in reload["Cache-Control"]
    assert "Nothing was changed: the token was already replaced after this form was shown" in page
    assert 'id="bot-token"' not in page and confirm_key(page) != form["confirm"]  # a fresh question
    assert Bot.objects.get().token_hash == after_rotation and polls(copied)


def test_a_bad_confirmation_key_is_refused_and_rotates_nothing(client_of, bot):
    r = client_of.post(f"/bots/{bot.pk}/rotate/", {"confirm": "yes"})
    assert r.status_code == 409 and "Nothing was changed" in r.content.decode()
    assert Bot.objects.get().token_hash == bot.token_hash


def test_the_confirmation_key_reveals_nothing_of_the_token(client_of, bot):
    page = client_of.get(f"/bots/{bot.pk}/rotate/").content.decode()
    key = confirm_key(page)
    assert key not in bot.token_hash and key not in bot.signing_key_sealed and bot.token_hash not in page


def test_only_the_owner_reaches_the_confirmation_and_strangers_are_sent_to_log_in(client_of, bot, django_user_model):
    other = Client()
    other.force_login(django_user_model.objects.create_user("other", password="long-enough-pass"))
    key = confirm_key(client_of.get(f"/bots/{bot.pk}/rotate/").content.decode())
    assert other.get(f"/bots/{bot.pk}/rotate/").status_code == 404
    assert other.post(f"/bots/{bot.pk}/rotate/", {"confirm": key}).status_code == 404
    r = Client().get(f"/bots/{bot.pk}/rotate/")
    assert r.status_code == 302 and r["Location"].startswith("/accounts/login/")
    assert Bot.objects.get().token_hash == bot.token_hash
