"""API tokens, stored hashed: ``Authorization: Token kr_...``.

A token is 32 random bytes (URL-safe base64) behind a ``kr_`` prefix. The database holds only
its SHA-256, so a leaked database does not leak working tokens; a lost token is replaced, not
recovered. SHA-256 without salt is enough here: the token itself is a uniformly random secret.

A token expires ``API_TOKEN_DAYS`` after it was issued (401 ``token_expired``). A user holds at
most ``API_TOKENS_PER_USER`` tokens: issuing one more (each sign-up or log-in does) deletes the
user's expired tokens and then the oldest beyond the cap, so logging in again and again does
not pile tokens up, while a few devices or scripts can each keep their own. ``last_used_at`` is
written at most once per ``API_TOKEN_TOUCH_SECONDS`` per token, not on every request.
"""

import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework import authentication, exceptions

from games.models import ApiToken
from games.sql_once import one_with_related

PREFIX = "kr_"


def hash_token(key):
    return hashlib.sha256(key.encode()).hexdigest()


def lifetime():
    return timedelta(days=settings.API_TOKEN_DAYS)


def expires_at(token):
    return token.created_at + lifetime()


def is_expired(token, now=None):
    return expires_at(token) <= (now or timezone.now())


def issue_token(user):
    """Create a token for ``user``; returns the token text, which is never stored."""
    return do_issue_token(user)[0]


def do_issue_token(user):
    """Create a token for ``user`` within the cap; returns the token text and its row."""
    key = PREFIX + secrets.token_urlsafe(32)
    with transaction.atomic():
        # Locking the user's row makes two log-ins at once take turns at the cap below.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        token = ApiToken.objects.create(user=user, key_hash=hash_token(key), prefix=key[:10])
        do_prune_tokens(user)
    return key, token


def do_prune_tokens(user):
    """Delete the user's expired tokens, then the oldest beyond API_TOKENS_PER_USER."""
    mine = ApiToken.objects.filter(user=user)
    mine.filter(created_at__lte=timezone.now() - lifetime()).delete()
    keep = list(mine.order_by("-created_at", "-pk").values_list("pk", flat=True)[: settings.API_TOKENS_PER_USER])
    mine.exclude(pk__in=keep).delete()


def token_summary(token, current=None):
    """What a user sees of their token (never the token itself)."""
    return {
        "id": token.pk,
        "prefix": token.prefix,
        "created_at": token.created_at.isoformat(),
        "last_used_at": token.last_used_at.isoformat() if token.last_used_at else None,
        "expires_at": expires_at(token).isoformat(),
        "expired": is_expired(token),
        "current": current is not None and token.pk == current.pk,
    }


def do_touch(token, now):
    """Record the use, at most once per API_TOKEN_TOUCH_SECONDS: a conditional UPDATE, so that
    processes racing on the same token still write once."""
    since = now - timedelta(seconds=settings.API_TOKEN_TOUCH_SECONDS)
    if token.last_used_at is not None and token.last_used_at > since:
        return
    ApiToken.objects.filter(Q(last_used_at__isnull=True) | Q(last_used_at__lte=since), pk=token.pk).update(
        last_used_at=now
    )
    token.last_used_at = now


class HashedTokenAuthentication(authentication.TokenAuthentication):
    """DRF's ``Token <key>`` header, checked against the stored hashes."""

    def authenticate_credentials(self, key):
        token = one_with_related(ApiToken, "user", "key_hash", hash_token(key))
        if token is None or not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("invalid or revoked token"), code="invalid_token")
        now = timezone.now()
        if is_expired(token, now):
            raise exceptions.AuthenticationFailed(
                _("the token expired at %(expired)s; log in again for a new one")
                % {"expired": expires_at(token).isoformat()},
                code="token_expired",
            )
        do_touch(token, now)
        return token.user, token
