"""A built-in bot is run by the site, so registering one shows no token or secret: the answer
is a redirect to its page with a note that it needs none (a reload posts nothing). Its page
reads "A built-in bot, run by the site, registered by <owner>. Strategy: Heuristic..." and offers no token
management, and the rotate page refuses it (400) without changing anything."""

import pytest
from django.test import Client

from bots.models import Bot


def test_registering_a_built_in_bot_shows_no_credentials_and_leads_to_its_page(client_of):
    r = client_of.post("/bots/", {"name": "my-heuristic", "kind": "builtin", "strategy": "heuristic"})
    bot = Bot.objects.get()
    assert (bot.kind, bot.strategy) == ("builtin", "heuristic")
    assert r.status_code == 303 and r["Location"] == f"/bots/{bot.pk}/"
    assert "krb_" not in r.content.decode() and "krs_" not in r.content.decode()
    page = client_of.get(r["Location"]).content.decode()
    assert "The built-in bot my-heuristic is registered. The site runs it, so it needs no token or secret." in page
    assert "Copy them now" not in page and 'id="bot-token"' not in page and 'id="bot-secret"' not in page
    assert 'id="rotate-token"' not in page and bot.token_prefix not in page
    assert "The site runs this bot, so it has no token or secret to manage." in page


def test_a_built_in_bots_page_says_what_it_is_in_plain_words(client_of, author):
    client_of.post("/bots/", {"name": "my-heuristic", "kind": "builtin", "strategy": "heuristic"})
    page = Client().get(f"/bots/{Bot.objects.get().pk}/").content.decode()
    assert "A built-in bot, run by the site, registered by author." in page
    assert "Strategy: Heuristic: plays sensibly." in page
    assert "builtin" not in page and "of house" not in page


@pytest.mark.parametrize(
    "data, words",
    [
        ({"kind": "polling"}, "A polling bot, registered by author: its program fetches its turns with its token."),
        (
            {"kind": "webhook", "url": "http://127.0.0.1:9000/turn"},
            "A webhook bot, registered by author: the site sends each turn to its address.",
        ),
    ],
)
def test_other_bots_pages_say_what_they_are_too(client_of, settings, data, words):
    settings.BOT_WEBHOOKS_ALLOW_PRIVATE = True
    client_of.post("/bots/", {"name": "mine", **data})
    assert words in Client().get(f"/bots/{Bot.objects.get().pk}/").content.decode()


def test_my_bots_lists_a_built_in_bot_without_a_token(client_of):
    client_of.post("/bots/", {"name": "my-heuristic", "kind": "builtin", "strategy": "heuristic"})
    page = client_of.get("/bots/").content.decode()
    assert "built-in (heuristic)" in page and "none: the site runs it" in page
    assert Bot.objects.get().token_prefix not in page


def test_a_built_in_bots_token_cannot_be_rotated_from_the_pages(client_of):
    client_of.post("/bots/", {"name": "my-heuristic", "kind": "builtin", "strategy": "heuristic"})
    bot = Bot.objects.get()
    for r in (client_of.get(f"/bots/{bot.pk}/rotate/"), client_of.post(f"/bots/{bot.pk}/rotate/", {"confirm": "x"})):
        page = r.content.decode()
        assert r.status_code == 400 and "a built-in bot runs on the site and has no token or secret" in page
        assert 'id="confirm-rotate"' not in page and 'id="bot-token"' not in page
    assert Bot.objects.get().token_hash == bot.token_hash


def test_reloading_a_built_in_registration_points_to_the_bot_already_yours(client_of):
    data = {"name": "my-heuristic", "kind": "builtin", "strategy": "heuristic"}
    client_of.post("/bots/", data)
    bot = Bot.objects.get()
    r = client_of.post("/bots/", data)
    assert r.status_code == 409
    assert (
        f'You already have a bot called my-heuristic: <a href="/bots/{bot.pk}/">see its page</a>. '
        "Nothing new was registered."
    ) in r.content.decode()
    assert list(Bot.objects.values_list("pk", "token_hash")) == [(bot.pk, bot.token_hash)]
