"""Registering a name one already owns (most often: reloading the page that showed a new bot's
credentials) is refused (409) with a plain message that the bot is already yours and a link to
its page, where a new token can be issued; nothing new is stored or rotated. A name taken by
someone else still reads as taken."""

from django.test import Client

from bots.models import Bot


def test_resubmitting_the_registration_says_the_bot_is_already_yours_and_links_to_it(client_of):
    data = {"name": "my-poller2", "kind": "polling"}
    assert client_of.post("/bots/", data).status_code == 201
    bot = Bot.objects.get()
    r = client_of.post("/bots/", data)  # the browser's "resubmit?"
    page = r.content.decode()
    assert r.status_code == 409 and "no-store" in r["Cache-Control"]
    assert (
        f'You already have a bot called my-poller2: <a href="/bots/{bot.pk}/">see its page</a>, and issue a '
        "new token there if you did not copy it. Nothing new was registered."
    ) in page
    assert "The bot was not registered" not in page and "is taken" not in page and 'id="bot-token"' not in page
    assert list(Bot.objects.values_list("pk", "token_hash")) == [(bot.pk, bot.token_hash)]


def test_the_same_name_in_other_letters_is_still_recognised_as_yours(client_of, settings):
    settings.BOT_WEBHOOKS_ALLOW_PRIVATE = True
    client_of.post("/bots/", {"name": "deepking", "kind": "polling"})
    bot = Bot.objects.get()
    r = client_of.post("/bots/", {"name": "DeepKing", "kind": "webhook", "url": "http://127.0.0.1:9000/turn"})
    assert r.status_code == 409 and "You already have a bot called deepking" in r.content.decode()
    assert list(Bot.objects.values_list("pk", "token_hash", "kind")) == [(bot.pk, bot.token_hash, "polling")]


def test_a_name_someone_else_holds_reads_as_taken_with_no_link(client_of, django_user_model):
    other = Client()
    other.force_login(django_user_model.objects.create_user("other", password="long-enough-pass"))
    other.post("/bots/", {"name": "my-poller2", "kind": "polling"})
    theirs = Bot.objects.get()
    r = client_of.post("/bots/", {"name": "my-poller2", "kind": "polling"})
    page = r.content.decode()
    assert r.status_code == 409 and "The bot name my-poller2 is taken; please choose another." in page
    assert "The bot was not registered" in page and "You already have" not in page
    assert f'href="/bots/{theirs.pk}/"' not in page
    assert list(Bot.objects.values_list("pk", "token_hash")) == [(theirs.pk, theirs.token_hash)]
