"""A token works for API_TOKEN_DAYS (90 by default) from when it was issued; after that it is
refused with 401 token_expired (log in again for a new one)."""

from datetime import timedelta

from django.utils import timezone
from rest_framework.test import APIClient

from games.accounts.tokens import issue_token
from games.models import ApiToken
from tests.fixtures.people import body


def age(token, days):
    ApiToken.objects.filter(prefix=token[:10]).update(created_at=timezone.now() - timedelta(days=days))


def get_with(token):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client.get("/api/v1/auth/tokens/")


def test_a_token_of_89_days_works_and_one_of_90_is_refused(db, alice):
    young, old = issue_token(alice), issue_token(alice)
    age(young, 89)
    age(old, 90)
    assert get_with(young).status_code == 200
    response = get_with(old)
    assert response.status_code == 401 and body(response)["error"]["code"] == "token_expired"
    assert "log in again" in body(response)["error"]["message"]


def test_the_lifetime_is_a_setting(db, alice, settings):
    settings.API_TOKEN_DAYS = 7
    token = issue_token(alice)
    age(token, 8)
    assert body(get_with(token))["error"]["code"] == "token_expired"


def test_the_list_marks_an_expired_token(db, alice):
    current, old = issue_token(alice), issue_token(alice)
    age(old, 100)
    rows = {row["prefix"]: row for row in body(get_with(current))}
    assert rows[old[:10]]["expired"] is True and rows[current[:10]]["expired"] is False
