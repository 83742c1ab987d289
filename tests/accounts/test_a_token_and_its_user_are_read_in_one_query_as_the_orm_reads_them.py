"""Authentication reads a token and its user (or a bot and its owner) with SQL written once
(games.sql_once), not a queryset compiled on every request. The instances it gives are the ORM's
own: every field equal and of the same type (on SQLite, dates and booleans only come out right
through the ORM's converters), the related row already loaded, and one query in all."""

from datetime import datetime

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from bots.models import Bot
from bots.registry import digest, register
from games.accounts.tokens import hash_token, issue_token
from games.models import ApiToken
from games.sql_once import one_with_related

pytestmark = pytest.mark.django_db


def assert_same_row(read, expected):
    assert type(read) is type(expected)
    for field in expected._meta.concrete_fields:
        got, want = getattr(read, field.attname), getattr(expected, field.attname)
        assert got == want, field.name
        assert type(got) is type(want), field.name
    assert read._state.adding is False and read._state.db == "default"


def test_a_token_comes_with_its_user_in_one_query_equal_to_the_orms_reading():
    user = get_user_model().objects.create_user("ana", password="long-enough-pass", email="ana@example.org")
    user.last_login = timezone.now()
    user.save()
    key = issue_token(user)
    ApiToken.objects.filter(user=user).update(last_used_at=timezone.now())

    with CaptureQueriesContext(connection) as queries:
        token = one_with_related(ApiToken, "user", "key_hash", hash_token(key))
        user_read = token.user  # already loaded: no second query
    assert len(queries) == 1

    assert_same_row(token, ApiToken.objects.get(key_hash=hash_token(key)))
    assert_same_row(user_read, get_user_model().objects.get(pk=user.pk))
    assert isinstance(token.last_used_at, datetime) and timezone.is_aware(token.last_used_at)
    assert user_read.is_active is True


def test_a_bot_comes_with_its_owner():
    owner = get_user_model().objects.create_user("bea", password="long-enough-pass")
    bot, token, _secret = register(owner, "poller", Bot.Kind.POLLING)

    read = one_with_related(Bot, "owner", "token_hash", digest(token))

    assert_same_row(read, Bot.objects.get(pk=bot.pk))
    assert_same_row(read.owner, owner.__class__.objects.get(pk=owner.pk))


def test_an_unknown_value_finds_nothing():
    get_user_model().objects.create_user("cem", password="long-enough-pass")
    assert one_with_related(ApiToken, "user", "key_hash", hash_token("kr_not-a-token")) is None


def test_a_column_that_is_not_unique_is_refused():
    with pytest.raises(ValueError, match="not unique"):
        one_with_related(ApiToken, "user", "prefix", "kr_abc")
