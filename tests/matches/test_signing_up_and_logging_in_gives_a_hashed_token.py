from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from games.accounts.tokens import hash_token
from games.models import ApiToken
from tests.fixtures.people import body

User = get_user_model()


def test_signing_up_creates_the_user_and_returns_a_working_token(db):
    r = APIClient().post("/api/v1/auth/signup/", {"username": "ana", "password": "a-long-pass-phrase"}, format="json")
    assert r.status_code == 201
    token = body(r)["token"]
    assert token.startswith("kr_") and User.objects.filter(username="ana").exists()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.post("/api/v1/matches/1/actions/", {}, format="json").status_code != 401


def test_only_the_hash_of_a_token_is_stored(db):
    token = body(
        APIClient().post("/api/v1/auth/signup/", {"username": "ana", "password": "a-long-pass-phrase"}, format="json")
    )["token"]
    stored = ApiToken.objects.get()
    assert stored.key_hash == hash_token(token) and token not in (stored.key_hash, stored.prefix)


def test_logging_in_with_the_password_issues_a_new_token(db):
    User.objects.create_user("ana", password="a-long-pass-phrase")
    r = APIClient().post("/api/v1/auth/token/", {"username": "ana", "password": "a-long-pass-phrase"}, format="json")
    assert r.status_code == 201 and body(r)["token"].startswith("kr_")


def test_a_wrong_password_is_refused_with_a_code_and_no_token(db):
    User.objects.create_user("ana", password="a-long-pass-phrase")
    r = APIClient().post("/api/v1/auth/token/", {"username": "ana", "password": "nope"}, format="json")
    assert r.status_code == 401 and body(r)["error"]["code"] == "invalid_credentials"
    assert not ApiToken.objects.exists()


def test_a_taken_username_is_refused_and_nothing_is_stored(db):
    User.objects.create_user("ana", password="a-long-pass-phrase")
    r = APIClient().post("/api/v1/auth/signup/", {"username": "ANA", "password": "a-long-pass-phrase"}, format="json")
    assert r.status_code == 409 and body(r)["error"]["code"] == "username_taken"
    assert User.objects.count() == 1 and not ApiToken.objects.exists()


def test_a_weak_password_or_a_bad_username_is_refused_and_nothing_is_stored(db):
    for data in (
        {"username": "bo", "password": "123"},
        {"username": "bad name!", "password": "a-long-pass-phrase"},
        {"username": "", "password": "a-long-pass-phrase"},
        {"password": "a-long-pass-phrase"},
    ):
        r = APIClient().post("/api/v1/auth/signup/", data, format="json")
        assert r.status_code == 400 and body(r)["error"]["code"] == "invalid_input", data
    assert not User.objects.exists() and not ApiToken.objects.exists()


def test_an_unknown_token_is_refused(db):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token kr_not-a-real-token")
    r = client.get("/api/v1/matches/")
    assert r.status_code == 401 and body(r)["error"]["code"] == "invalid_token"
