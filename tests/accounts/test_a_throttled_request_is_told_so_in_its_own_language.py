"""A 429 of a rate limit says so in the caller's language (issue 33: DRF's "Request was throttled"
was English in every language): the catalogue's ``throttled`` sentence, translated like every
other, with the wait as ``retry_after`` and in the Retry-After header, on the API's limited routes,
the token endpoint, the browsable API's log-in page and a bare 429 the API converts."""

import json

import pytest
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.utils import translation
from rest_framework.test import APIClient

from config.api_errors import bare_status_error
from tests.fixtures.throttles import assert_throttled

SAID = {
    "tr": ("çok fazla istek: 60 saniye sonra yeniden deneyin", "bu hesap için ya da bu adresten çok fazla deneme"),
    "pt-BR": ("requisições demais: tente novamente em 60 segundos", "tentativas demais para esta conta"),
    "en": ("too many requests: try again in 60 seconds", "too many attempts for this account or from this address"),
}
DRF_WORDS = ("Request was throttled", "Expected available", "Pedido foi suprimido", "Üst üste")


@pytest.fixture
def tight(settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "polls": "1/m"}


def error_of(response):
    assert_throttled(response)
    error = json.loads(response.content)["error"]
    assert not any(words in error["message"] for words in DRF_WORDS), error["message"]
    return error


@pytest.mark.parametrize("language", ["tr", "pt-BR", "en"])
def test_a_limited_route_refuses_in_the_accept_language(db, clock, tight, language):
    client = APIClient(REMOTE_ADDR="203.0.113.7", HTTP_ACCEPT_LANGUAGE=language)
    assert client.get("/api/v1/matches/999/events/").status_code == 404  # counted all the same
    error = error_of(client.get("/api/v1/matches/999/events/"))
    assert error["message"] == SAID[language][0]
    assert error["retry_after"] == 60


def test_the_lang_parameter_chooses_the_language_as_it_does_for_every_error(db, clock, tight):
    client = APIClient(REMOTE_ADDR="203.0.113.7", HTTP_ACCEPT_LANGUAGE="tr")
    client.get("/api/v1/matches/999/events/?lang=pt-BR")
    assert error_of(client.get("/api/v1/matches/999/events/?lang=pt-BR"))["message"] == SAID["pt-BR"][0]


@pytest.mark.parametrize("language", ["tr", "pt-BR"])
def test_the_token_endpoint_and_the_browsable_apis_log_in_refuse_attempts_in_the_accept_language(
    db, django_user_model, clock, language
):
    django_user_model.objects.create_user("alice", password="correct horse battery")
    wrong = {"username": "alice", "password": "wrong guess"}
    token = APIClient(REMOTE_ADDR="203.0.113.7", HTTP_ACCEPT_LANGUAGE=language)
    for _ in range(5):
        assert token.post("/api/v1/auth/token/", wrong, format="json").status_code == 401
    message = error_of(token.post("/api/v1/auth/token/", wrong, format="json"))["message"]
    assert message.startswith(SAID[language][1]) and message.endswith(SAID[language][0].split(": ")[1])

    page = Client(REMOTE_ADDR="198.51.100.9", HTTP_ACCEPT_LANGUAGE=language)
    django_user_model.objects.create_user("bob", password="correct horse battery")
    for _ in range(5):
        assert page.post("/api/v1/auth/login/", {"username": "bob", "password": "wrong guess"}).status_code == 200
    refused = page.post("/api/v1/auth/login/", {"username": "bob", "password": "wrong guess"})
    assert error_of(refused)["message"].startswith(SAID[language][1])


def test_a_bare_429_under_the_api_gets_the_same_sentence_and_wait(db):
    request = RequestFactory().get("/api/v1/anything/")
    with translation.override("tr"):
        converted = bare_status_error(request, HttpResponse(status=429, headers={"Retry-After": "60"}))
    assert error_of(converted)["message"] == SAID["tr"][0]
