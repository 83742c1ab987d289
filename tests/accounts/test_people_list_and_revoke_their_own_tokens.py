"""GET /api/v1/auth/tokens/ lists the caller's tokens (prefix, created, last used, expiry, which
one is in use), never a token itself; DELETE /api/v1/auth/tokens/{id}/ revokes one of them at
once. Someone else's token is a 404, as one that does not exist, and stays valid."""

from datetime import timedelta

from rest_framework.test import APIClient

from games.accounts.tokens import issue_token
from games.models import ApiToken
from tests.fixtures.people import body


def client_with(token):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def test_the_list_shows_each_of_my_tokens_and_none_of_the_secret(db, alice, django_user_model):
    first, second = issue_token(alice), issue_token(alice)
    issue_token(django_user_model.objects.create_user("bob", password="correct horse battery"))
    response = client_with(second).get("/api/v1/auth/tokens/")
    assert response.status_code == 200
    rows = body(response)
    assert [row["prefix"] for row in rows] == [second[:10], first[:10]]  # newest first, mine only
    assert rows[0]["current"] is True and rows[1]["current"] is False
    stored = ApiToken.objects.get(prefix=first[:10])
    assert rows[1]["created_at"] == stored.created_at.isoformat()
    assert rows[1]["expires_at"] == (stored.created_at + timedelta(days=90)).isoformat()
    assert rows[1]["last_used_at"] is None and rows[0]["last_used_at"] is not None
    assert rows[1]["expired"] is False
    assert first not in response.content.decode() and second not in response.content.decode()


def test_revoking_a_token_stops_it_at_once(db, alice):
    keep, revoke = issue_token(alice), issue_token(alice)
    token_id = ApiToken.objects.get(prefix=revoke[:10]).pk
    assert client_with(keep).delete(f"/api/v1/auth/tokens/{token_id}/").status_code == 204
    response = client_with(revoke).get("/api/v1/auth/tokens/")
    assert response.status_code == 401 and body(response)["error"]["code"] == "invalid_token"
    assert client_with(keep).get("/api/v1/auth/tokens/").status_code == 200


def test_a_token_can_revoke_itself(db, alice):
    token = issue_token(alice)
    client = client_with(token)
    assert client.delete(f"/api/v1/auth/tokens/{ApiToken.objects.get().pk}/").status_code == 204
    assert client.get("/api/v1/auth/tokens/").status_code == 401


def test_someone_else_s_token_is_a_404_and_keeps_working(db, alice, django_user_model):
    bob_token = issue_token(django_user_model.objects.create_user("bob", password="correct horse battery"))
    bob_id = ApiToken.objects.get(prefix=bob_token[:10]).pk
    response = client_with(issue_token(alice)).delete(f"/api/v1/auth/tokens/{bob_id}/")
    assert response.status_code == 404 and body(response)["error"]["code"] == "not_found"
    missing = client_with(issue_token(alice)).delete("/api/v1/auth/tokens/999999/")
    assert missing.status_code == 404 and body(missing)["error"]["message"] == "not found: you have no token 999999"
    assert client_with(bob_token).get("/api/v1/auth/tokens/").status_code == 200


def test_the_token_endpoints_need_a_caller(db):
    assert APIClient().get("/api/v1/auth/tokens/").status_code == 401
    assert APIClient().delete("/api/v1/auth/tokens/1/").status_code == 401
