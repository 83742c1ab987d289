"""A webhook bot is sent each of its events as a signed POST of the same JSON its stream carries,
within the turn's deadline; what came back is kept on the event, and a bot that fails one is not
at fault. At registration and on its owner's demand (``POST bots/{id}/ping/``) it is sent a signed
``{"type": "ping"}``; its answer, status and time show on ``GET bots/{id}/`` and the bot's page.
Only the owner pings, only a webhook bot, and not faster than the ``pings`` rate limit."""

import json

import pytest

from bots import events
from bots.models import Bot, BotEvent, Turn
from tests.bots.webhook_turns import signed_by
from tests.fixtures.people import body, client_for

pytestmark = pytest.mark.django_db


def answering(status, text):
    return lambda request: (status, text.encode(), 0)


def test_each_event_is_posted_signed_and_its_outcome_kept(make_bot, bot_server, private_webhooks_allowed):
    server = bot_server(answering(204, ""))
    hook = make_bot(kind="webhook", url=server.url, name="listener")
    told = events.record(hook, "game_end", "game_end:by-hand", {"match": 7, "result": "won"})
    outcome = events.deliver(told.pk)
    [(headers, raw)] = server.requests
    assert json.loads(raw) == events.line(told) and signed_by(hook.secret, headers, raw)
    assert outcome["status"] == "ok" and outcome["http_status"] == 204 and outcome["seconds"] >= 0
    told.refresh_from_db()
    assert told.delivery == outcome
    assert events.deliver(told.pk) is None and len(server.requests) == 1  # sent once


def test_a_bot_that_fails_an_event_is_not_at_fault(make_bot, bot_server, private_webhooks_allowed):
    hook = make_bot(kind="webhook", url=bot_server(answering(500, "<b>down</b>")).url, name="down")
    told = events.record(hook, "challenge", "challenge:by-hand", {"challenge": 3})
    assert events.deliver(told.pk)["status"] == "http_error"
    assert BotEvent.objects.get(pk=told.pk).delivery["answer"] == "<b>down</b>"
    assert not Turn.objects.filter(bot=hook).exists()


def test_registering_a_webhook_bot_pings_it_and_its_owner_pings_it_again(
    players, bot_server, settings, webhook_calls_queued, client, django_capture_on_commit_callbacks
):
    settings.BOT_WEBHOOKS_ALLOW_LOOPBACK = True  # the bot listens on 127.0.0.1
    owner = players[0]
    server = bot_server(answering(200, '{"pong": true}'))
    with django_capture_on_commit_callbacks(execute=True):
        made = client_for(owner).post(
            "/api/v1/bots/", {"name": "pinged", "kind": "webhook", "url": server.url}, format="json"
        )
    assert made.status_code == 201, made.content
    bot = Bot.objects.get(pk=body(made)["id"])
    assert webhook_calls_queued == [("ping", bot.pk)] and bot.last_ping["status"] == "sent"

    with django_capture_on_commit_callbacks(execute=True):
        asked = client_for(owner).post(f"/api/v1/bots/{bot.pk}/ping/")
    assert asked.status_code == 202 and body(asked)["last_ping"]["status"] == "sent"
    assert webhook_calls_queued == [("ping", bot.pk)] * 2

    answer = events.ping(bot)  # what the webhook worker does with it
    [(headers, raw)] = server.requests
    assert json.loads(raw)["type"] == "ping" and signed_by(body(made)["secret"], headers, raw)
    shown = body(client_for(owner).get(f"/api/v1/bots/{bot.pk}/"))["last_ping"]
    assert shown == answer and (shown["status"], shown["http_status"], shown["answer"]) == ("ok", 200, '{"pong": true}')
    client.force_login(owner)
    page = client.get(f"/bots/{bot.pk}/").content.decode()
    assert "{&quot;pong&quot;: true}" in page and 'id="last-ping"' in page


def test_only_the_owner_pings_only_a_webhook_bot_and_not_too_often(players, make_bot, settings, webhook_calls_queued):
    owner, stranger = players[0], players[1]
    hook = Bot.objects.create(
        owner=owner, name="hooked", kind="webhook", url="https://bots.example.org/t", token_hash="a" * 64
    )
    poller = Bot.objects.create(owner=owner, name="polled", kind="polling", token_hash="b" * 64)
    r = client_for(stranger).post(f"/api/v1/bots/{hook.pk}/ping/")
    assert r.status_code == 404 and body(r)["error"]["code"] == "not_found"
    r = client_for(owner).post(f"/api/v1/bots/{poller.pk}/ping/")
    assert r.status_code == 409 and body(r)["error"]["code"] == "not_a_webhook_bot"
    assert Bot.objects.get(pk=poller.pk).last_ping is None and webhook_calls_queued == []

    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "pings": "2/m"}  # the 409 above spent one
    api = client_for(owner)
    assert api.post(f"/api/v1/bots/{hook.pk}/ping/").status_code == 202
    again = api.post(f"/api/v1/bots/{hook.pk}/ping/")
    assert again.status_code == 429 and "Retry-After" in again
