"""Each log-in issues a token, but a user keeps at most API_TOKENS_PER_USER (10) of them: the
newest replaces the oldest, and expired ones go first. A few devices keep their own tokens."""

from datetime import timedelta

from django.utils import timezone

from games.accounts.tokens import issue_token
from games.models import ApiToken
from tests.fixtures.people import body

from .conftest import log_in


def test_the_eleventh_log_in_replaces_the_oldest_token(db, alice):
    tokens = [body(log_in("alice", "correct horse battery"))["token"] for _ in range(11)]
    kept = set(ApiToken.objects.filter(user=alice).values_list("prefix", flat=True))
    assert kept == {token[:10] for token in tokens[1:]}


def test_expired_tokens_are_dropped_before_live_ones(db, alice):
    live = [issue_token(alice) for _ in range(3)]
    expired = issue_token(alice)
    ApiToken.objects.filter(prefix=expired[:10]).update(created_at=timezone.now() - timedelta(days=91))
    issue_token(alice)
    prefixes = set(ApiToken.objects.values_list("prefix", flat=True))
    assert expired[:10] not in prefixes and {t[:10] for t in live} <= prefixes


def test_the_cap_is_a_setting_and_other_users_are_untouched(db, alice, django_user_model, settings):
    bob = django_user_model.objects.create_user("bob", password="correct horse battery")
    bobs = issue_token(bob)
    settings.API_TOKENS_PER_USER = 2
    for _ in range(5):
        issue_token(alice)
    assert ApiToken.objects.filter(user=alice).count() == 2
    assert ApiToken.objects.filter(user=bob, prefix=bobs[:10]).exists()
