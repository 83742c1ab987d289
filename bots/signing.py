"""Webhook signing keys, and how they are kept sealed at rest (docs/architecture.md §3.6).

The wire scheme is fixed (bots and bots/examples compute it from their secret)::

    key = sha256(secret).hexdigest()
    v1  = HMAC-SHA256(key, f"{t}." + body)

To sign, the platform must hold ``key`` itself, so ``key`` is a secret like a password: a copy
of the database must not yield it, or whoever holds the copy could forge turns to every bot.
It is therefore stored sealed with AES-256-GCM under a key that lives in the settings, not in
the database (``BOT_SECRET_ENCRYPTION_KEY``, by default ``SECRET_KEY``), stretched by HKDF:

    aesgcm1$<key id>$<base64url(12-byte nonce + ciphertext + 16-byte tag)>

The key id (derived from the settings key by HKDF too, so it tells nothing about it) says
which settings key sealed a value: after a rotation, ``BOT_SECRET_ENCRYPTION_OLD_KEYS`` still
opens the old values and ``manage.py reseal_bot_keys`` (``reseal``) moves them to the new key.
"""

import base64
import hashlib
import hmac
import os
import time
from functools import lru_cache

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from django.conf import settings

SCHEME = "aesgcm1"
SALT = b"kingrifki/bot-signing-keys"
# Bound into every seal: a value sealed for another purpose under the same key cannot pass as one.
ASSOCIATED_DATA = b"kingrifki bot webhook signing key v1"


class SealedKeyError(Exception):
    """A sealed signing key cannot be opened with the settings' keys; the message says why."""


def signing_key_of(secret):
    """What a bot derives from its secret, and what the platform signs with (the wire scheme)."""
    return hashlib.sha256(secret.encode()).hexdigest()


def signature(key, timestamp, body):
    return hmac.new(key.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()


def signature_header(key, body, now=None):
    t = int(time.time() if now is None else now)
    return f"t={t},v1={signature(key, t, body)}"


@lru_cache(maxsize=16)
def derived(settings_key, purpose):
    if not settings_key:
        raise SealedKeyError("BOT_SECRET_ENCRYPTION_KEY (or SECRET_KEY) is empty: bots' signing keys cannot be sealed")
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=SALT, info=purpose).derive(settings_key.encode())


def key_id(settings_key):
    return derived(settings_key, b"key id").hex()[:8]


def current_key():
    return settings.BOT_SECRET_ENCRYPTION_KEY


def known_keys():
    """{key id: settings key}: the current key and the old ones still accepted for opening."""
    keys = [current_key(), *getattr(settings, "BOT_SECRET_ENCRYPTION_OLD_KEYS", [])]
    return {key_id(k): k for k in reversed(keys) if k}  # the current key wins a (vanishing) id clash


def seal(signing_key, settings_key=None):
    """The stored form of ``signing_key`` under the current settings key (a fresh nonce each time)."""
    settings_key = settings_key or current_key()
    nonce = os.urandom(12)
    sealed = AESGCM(derived(settings_key, b"aes-256-gcm")).encrypt(nonce, signing_key.encode(), ASSOCIATED_DATA)
    return f"{SCHEME}${key_id(settings_key)}${base64.urlsafe_b64encode(nonce + sealed).decode()}"


def parts(stored):
    scheme, _, rest = (stored or "").partition("$")
    kid, _, blob = rest.partition("$")
    if scheme != SCHEME or not kid or not blob:
        raise SealedKeyError("the stored signing key is not a sealed value (aesgcm1$<key id>$<data>)")
    return kid, blob


def unseal(stored):
    """The signing key inside ``stored``, or SealedKeyError (never a wrong key)."""
    kid, blob = parts(stored)
    settings_key = known_keys().get(kid)
    if settings_key is None:
        raise SealedKeyError(
            f"this bot's signing key was sealed under key id {kid}, which is neither "
            "BOT_SECRET_ENCRYPTION_KEY nor one of BOT_SECRET_ENCRYPTION_OLD_KEYS: a database "
            "moved without its settings key cannot sign webhook turns"
        )
    try:
        raw = base64.urlsafe_b64decode(blob.encode())
        return AESGCM(derived(settings_key, b"aes-256-gcm")).decrypt(raw[:12], raw[12:], ASSOCIATED_DATA).decode()
    except (InvalidTag, ValueError) as e:
        raise SealedKeyError(
            f"the sealed signing key under key id {kid} does not open: it was altered, "
            "or sealed under another settings key with the same id"
        ) from e


def reseal(stored):
    """``stored`` sealed under the current settings key, or None when it already is."""
    kid, _ = parts(stored)
    if kid == key_id(current_key()):
        return None
    return seal(unseal(stored))
