"""API tokens, stored hashed: ``Authorization: Token kr_...``.

A token is 32 random bytes (URL-safe base64) behind a ``kr_`` prefix. The database holds only
its SHA-256, so a leaked database does not leak working tokens; a lost token is replaced, not
recovered. SHA-256 without salt is enough here: the token itself is a uniformly random secret.
"""
import hashlib
import secrets

from django.utils import timezone
from rest_framework import authentication, exceptions

from .models import ApiToken

PREFIX = "kr_"


def hash_token(key):
    return hashlib.sha256(key.encode()).hexdigest()


def issue_token(user):
    """Create a token for ``user``; returns the token text, which is never stored."""
    key = PREFIX + secrets.token_urlsafe(32)
    ApiToken.objects.create(user=user, key_hash=hash_token(key), prefix=key[:10])
    return key


class HashedTokenAuthentication(authentication.TokenAuthentication):
    """DRF's ``Token <key>`` header, checked against the stored hashes."""

    def authenticate_credentials(self, key):
        token = ApiToken.objects.select_related("user").filter(key_hash=hash_token(key)).first()
        if token is None or not token.user.is_active:
            raise exceptions.AuthenticationFailed("invalid or revoked token", code="invalid_token")
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
        return token.user, token
