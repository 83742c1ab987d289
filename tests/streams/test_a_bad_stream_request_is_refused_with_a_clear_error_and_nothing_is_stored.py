"""Every request a stream cannot serve is refused before it starts, with the API's JSON error
(a machine-readable code and a message in the request's language), and leaves nothing behind:
no event, no turn, no stream or long-poll slot held. An unknown match is a 404, a bad
``after`` / ``Last-Event-ID`` / ``format`` a 400, the bot stream without a bot's token a 401,
a webhook bot's a 403 (its turns go to its URL)."""

import json

import pytest
from rest_framework.test import APIClient

from bots.models import Bot, Turn
from bots.registry import register
from games.accounts.tokens import issue_token
from games.live import longpoll, streams
from games.models import Event
from tests.streams.conftest import board_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(django_user_model):
    return board_match([django_user_model.objects.create_user(f"r{i}") for i in range(4)])


def refused(response, status, code):
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"] == "application/json"
    error = json.loads(response.content)["error"]
    assert error["code"] == code and error["message"]
    return error


def nothing_left(before):
    assert (Event.objects.count(), Turn.objects.count()) == before
    assert streams.SLOTS.total == 0 and longpoll.SLOTS.total == 0


def test_an_unknown_match_is_a_404(match):
    before = (Event.objects.count(), Turn.objects.count())
    refused(APIClient().get(f"/api/v1/matches/{match.pk + 1}/stream/"), 404, "not_found")
    nothing_left(before)


@pytest.mark.parametrize(
    "query, headers, field",
    [
        ("?after=x", {}, "after"),
        ("?after=-1", {}, "after"),
        ("?after=3", {}, "after"),  # past the match's version (2)
        ("", {"HTTP_LAST_EVENT_ID": "two"}, "Last-Event-ID"),
        ("?format=xml", {}, None),
    ],
)
def test_a_bad_version_or_format_is_a_400(match, query, headers, field):
    before = (Event.objects.count(), Turn.objects.count())
    error = refused(APIClient().get(f"/api/v1/matches/{match.pk}/stream/{query}", **headers), 400, "invalid_input")
    if field:
        assert (error["field"], error["low"], error["high"]) == (field, 0, match.version)
    nothing_left(before)


def test_the_message_is_in_the_requests_language(match):
    english = refused(APIClient().get(f"/api/v1/matches/{match.pk}/stream/?after=x"), 400, "invalid_input")
    turkish = refused(
        APIClient().get(f"/api/v1/matches/{match.pk}/stream/?after=x", HTTP_ACCEPT_LANGUAGE="tr"), 400, "invalid_input"
    )
    assert turkish["message"] != english["message"]


def test_the_bot_stream_needs_a_polling_bots_token(django_user_model):
    owner = django_user_model.objects.create_user("owner")
    before = (Event.objects.count(), Turn.objects.count())
    refused(APIClient().get("/api/v1/bot/stream/"), 401, "not_authenticated")
    person = APIClient(HTTP_AUTHORIZATION=f"Token {issue_token(owner)}")
    refused(person.get("/api/v1/bot/stream/"), 401, "wrong_token_kind")  # says which kind it takes
    refused(APIClient(HTTP_AUTHORIZATION="Bot krb_not-a-token").get("/api/v1/bot/stream/"), 401, "invalid_token")
    _, token, _ = register(owner, "hooked", Bot.Kind.WEBHOOK, url="https://bots.example.org/turn")
    refused(APIClient(HTTP_AUTHORIZATION=f"Bot {token}").get("/api/v1/bot/stream/"), 403, "not_a_polling_bot")
    nothing_left(before)
