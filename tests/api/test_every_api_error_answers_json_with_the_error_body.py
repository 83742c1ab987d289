"""Every error under /api/ answers JSON ``{"error": {"code", "message"}}``, including those
that never reach an API view: a POST without its trailing slash, an id no route accepts (0,
-1, 10^30), an unknown path, a wrong method, a browser's Accept header, and an unexpected
exception (a JSON 500 with no traceback, in DEBUG too). The site's pages keep HTML errors."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

import games.api

pytestmark = pytest.mark.django_db


def error_of(response, status):
    assert response.status_code == status, (response.status_code, response.content[:300])
    assert response["Content-Type"].split(";")[0] == "application/json", response["Content-Type"]
    error = json.loads(response.content)["error"]
    assert isinstance(error["code"], str) and isinstance(error["message"], str) and error["message"]
    return error


@pytest.mark.parametrize("debug", [False, True])
def test_a_post_without_its_trailing_slash_is_a_json_404_that_names_the_path_and_stores_nothing(settings, debug):
    settings.DEBUG = debug  # in DEBUG Django's slash redirect raises RuntimeError on a POST
    r = Client().post(
        "/api/v1/auth/signup", {"username": "ana", "password": "a long pass phrase"}, content_type="application/json"
    )
    error = error_of(r, 404)
    assert error["code"] == "not_found" and "/api/v1/auth/signup/" in error["message"]
    assert not get_user_model().objects.exists()


def test_a_get_without_its_trailing_slash_is_a_json_404_too_not_a_redirect():
    error = error_of(Client().get("/api/v1/matches"), 404)
    assert "/api/v1/matches/" in error["message"]


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/matches/0/",
        "/api/v1/matches/-1/",
        f"/api/v1/matches/{10**30}/",
        "/api/v1/matches/abc/events/",
        f"/api/v1/tournaments/{10**30}/standings/",
        "/api/v1/bots/0/",
        "/api/v1/bot/turns/not-a-uuid/",
    ],
)
def test_an_id_no_route_accepts_is_a_json_404(path):
    assert error_of(Client().get(path), 404)["code"] == "not_found"


@pytest.mark.parametrize("path", ["/api/v1/nothing-here/", "/api/v2/matches/", "/api/", "/api/v1/matches/1/x/"])
def test_an_unknown_api_path_is_a_json_404(path):
    error_of(Client().get(path, HTTP_ACCEPT="text/html"), 404)


def test_a_wrong_method_is_a_json_405(django_user_model):
    client = Client()
    client.force_login(django_user_model.objects.create_user("ana", password="a long pass phrase"))
    error = error_of(client.delete("/api/v1/matches/", HTTP_ACCEPT="text/html"), 405)
    assert error["code"] == "method_not_allowed"


def test_a_wrong_method_on_a_view_outside_drf_is_a_json_405_that_says_what_is_allowed():
    r = Client().get("/api/v1/auth/logout/")  # Django's own LogoutView (POST only), for the browsable API
    error = error_of(r, 405)
    assert "GET" in error["message"] and "POST" in r["Allow"]


def test_an_error_asked_for_as_html_is_json_all_the_same():
    r = Client().get("/api/v1/matches/999/", HTTP_ACCEPT="text/html,application/xhtml+xml")
    assert error_of(r, 404)["code"] == "not_found"


@pytest.mark.parametrize("debug", [False, True])
def test_an_unexpected_server_error_is_a_json_500_without_a_traceback(settings, monkeypatch, debug, caplog):
    settings.DEBUG = debug

    def broken(self, request):
        raise KeyError("secret internals")

    monkeypatch.setattr(games.api.MatchListView, "get", broken)
    r = Client(raise_request_exception=False).get("/api/v1/matches/", HTTP_ACCEPT="text/html")
    error = error_of(r, 500)
    assert error["code"] == "server_error"
    assert b"secret internals" not in r.content and b"Traceback" not in r.content
    assert any("secret internals" in str(rec.exc_info) for rec in caplog.records)  # logged for the operator


def test_the_sites_pages_keep_their_html_error_pages():
    r = Client().get("/no-such-page/")
    assert r.status_code == 404 and r["Content-Type"].startswith("text/html")
    assert Client().get("/tournaments/0/").status_code == 404
