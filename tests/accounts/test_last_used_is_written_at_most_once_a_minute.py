"""A token's last_used_at is written when it is first used and then at most once a minute
(API_TOKEN_TOUCH_SECONDS), not on every request: polling clients would otherwise write a row
on each poll."""

from datetime import timedelta

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from games.accounts.tokens import issue_token
from games.models import ApiToken


def token_updates(client, path="/api/v1/auth/tokens/"):
    with CaptureQueriesContext(connection) as queries:
        assert client.get(path).status_code == 200
    return [q["sql"] for q in queries.captured_queries if q["sql"].startswith("UPDATE") and "apitoken" in q["sql"]]


def test_the_first_use_is_written_and_the_next_ones_within_a_minute_are_not(db, alice):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {issue_token(alice)}")
    assert len(token_updates(client)) == 1
    first = ApiToken.objects.get().last_used_at
    assert first is not None
    assert [token_updates(client) for _ in range(5)] == [[]] * 5
    assert ApiToken.objects.get().last_used_at == first


def test_a_minute_later_it_is_written_again(db, alice):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {issue_token(alice)}")
    token_updates(client)
    earlier = timezone.now() - timedelta(seconds=61)
    ApiToken.objects.update(last_used_at=earlier)
    assert len(token_updates(client)) == 1
    assert ApiToken.objects.get().last_used_at > earlier
