"""Receipts: what the site signs for each action it accepts (docs/audit.md "Receipts",
docs/events.md "Receipts").

A head seal (games.record.eventlog.head_seal) binds a version and a hash, not freshness: whoever can
lift the triggers can roll a match back to an earlier sealed head, and the log still verifies.
A receipt is the site's word, given to the player when it accepted their action, that the
match's stream then had this event at this version with this hash::

    {"receipt": "kingrifki-receipt/1", "stream": "match/12", "version": 40, "hash": "<64 hex>",
     "issued_at": "2025-03-01T19:04:05.123456+00:00", "key": "<64 hex>", "signature": "<128 hex>"}

``signature`` is Ed25519 over the UTF-8 bytes of the canonical JSON (eventlog.canonical_json) of
every other field; ``key`` is the signing key's public half (raw, hex), ``issued_at`` the time
the accepted events were recorded. The private key comes from the settings
(``EVENT_RECEIPT_SIGNING_KEY``, else derived from SECRET_KEY), never from the database; only the
public key is published (``GET /api/v1/receipts/key/``, the audit page). A log that lacks a
receipted event, or holds another one at its version, is not the log the site accepted
(games.record.audit.check_receipts; tools/verify_export.py --receipts).
"""

import functools
import hashlib
import hmac
import json
import re
from datetime import timezone as dt_timezone

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from games.record.eventlog import canonical_json

FORMAT = "kingrifki-receipt/1"
FILE_FORMAT = "kingrifki-receipts/1"  # the "my receipts" file: {"format", "stream", "receipts": [...]}
ALGORITHM = "Ed25519"
SIGNED_FIELDS = ("receipt", "stream", "version", "hash", "issued_at", "key")
FIELDS = frozenset((*SIGNED_FIELDS, "signature"))
MOST_RECEIPTS = 10_000  # in one file or request: a long match has a few hundred actions per seat
HEX64 = re.compile(r"[0-9a-f]{64}")
HEX128 = re.compile(r"[0-9a-f]{128}")
DERIVATION = b"kingrifki/event-receipt-signing/v1"


class ReceiptError(ValueError):
    """A receipts input that cannot be used: not JSON, not receipts, a receipt changed or not
    signed by the site's key, a receipt for another stream. ``message`` is for people (in the
    language active when it is read), ``number`` the receipt's place in the input (1, 2, ...;
    None for the input as a whole)."""

    def __init__(self, msgid, number=None, **params):
        super().__init__(msgid)
        self.msgid, self.number, self.params = msgid, number, params

    @property
    def message(self):
        text = str(self.msgid) % self.params if self.params else str(self.msgid)
        if self.number is None:
            return text
        return str(_("receipt %(number)s: %(problem)s")) % {"number": self.number, "problem": text}

    def __str__(self):
        return self.message


# ------------------------------------------------------------------ the key
def signing_key_hex():
    """The private key's 32 bytes, as hex: ``EVENT_RECEIPT_SIGNING_KEY`` when set, else derived
    from SECRET_KEY (a key of its own: HMAC-SHA256(SECRET_KEY, "kingrifki/event-receipt-signing/v1")).
    Setting EVENT_RECEIPT_SIGNING_KEY to the derived value keeps the same key when SECRET_KEY is
    rotated (docs/audit.md, "Receipts")."""
    configured = getattr(settings, "EVENT_RECEIPT_SIGNING_KEY", "")
    if configured:
        return configured
    return hmac.new(settings.SECRET_KEY.encode(), DERIVATION, hashlib.sha256).hexdigest()


def key_problem(value):
    """Why ``value`` is no EVENT_RECEIPT_SIGNING_KEY (None when it is one): 64 hex digits."""
    if not isinstance(value, str) or not HEX64.fullmatch(value.strip().lower()):
        return "EVENT_RECEIPT_SIGNING_KEY must be 64 hex digits (an Ed25519 private key's 32 bytes)"
    return None


@functools.lru_cache(maxsize=4)
def _private_key(key_hex):
    problem = key_problem(key_hex)
    if problem:
        raise ImproperlyConfigured(problem)
    return Ed25519PrivateKey.from_private_bytes(bytes.fromhex(key_hex.strip().lower()))


def private_key():
    """The signing key, made once per process (per setting)."""
    return _private_key(signing_key_hex())


@functools.lru_cache(maxsize=4)
def _public_hex(key_hex):
    raw = _private_key(key_hex).public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return raw.hex()


def public_key_hex():
    """The public key anyone checks receipts with: its 32 raw bytes, hex."""
    return _public_hex(signing_key_hex())


def public_key_pem():
    """The same key as a PEM SubjectPublicKeyInfo (for ``openssl pkeyutl -verify``)."""
    return (
        private_key()
        .public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
    )


def published_key():
    """What ``GET /api/v1/receipts/key/`` and the audit page publish."""
    return {
        "format": FORMAT,
        "algorithm": ALGORITHM,
        "public_key": public_key_hex(),
        "public_key_pem": public_key_pem(),
        "signed": "the UTF-8 bytes of the canonical JSON of the receipt without its signature",
    }


# ------------------------------------------------------------------ issuing
def signed_message(receipt):
    """The bytes a receipt's signature covers: the canonical JSON of its signed fields."""
    return canonical_json({name: receipt[name] for name in SIGNED_FIELDS}).encode()


def issue(stream, version, digest, recorded_at):
    """The signed receipt for ``stream`` at ``version`` with hash ``digest``, accepted at
    ``recorded_at`` (the time its events were recorded). No database access: the action path
    signs in memory (about 50-120 µs)."""
    receipt = {
        "receipt": FORMAT,
        "stream": stream,
        "version": int(version),
        "hash": digest,
        "issued_at": recorded_at.astimezone(dt_timezone.utc).isoformat(timespec="microseconds"),
        "key": public_key_hex(),
    }
    receipt["signature"] = private_key().sign(signed_message(receipt)).hex()
    return receipt


def for_rows(rows):
    """The receipt of an append: for its last row (the stream's new head), which the chain
    ties to every event before it."""
    last = rows[-1]
    return issue(last.stream, last.version, last.hash, last.recorded_at)


# ------------------------------------------------------------------ reading and checking
def parse(text):
    """The receipts a file holds, as a list of objects (not yet checked): the table page's "my
    receipts" file (``{"format": "kingrifki-receipts/1", ..., "receipts": [...]}``), a JSON list
    of receipts, one receipt, or JSON Lines of receipts (what the bot SDK writes)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ReceiptError(_("the receipts file is not UTF-8 text")) from None
    try:
        document = json.loads(text)
    except ValueError:
        document = None
        lines = [line for line in text.splitlines() if line.strip()]
        try:
            items = [json.loads(line) for line in lines]
        except ValueError:
            items = None
        if not lines or items is None:
            raise ReceiptError(
                _("the receipts file is neither JSON nor JSON Lines: give the file the site or the bot kit saved")
            ) from None
    if document is not None:
        items = document
    return collect(items)


def collect(document):
    """The receipts of an already parsed document (as ``parse`` reads a file), unchecked."""
    if isinstance(document, dict) and "receipts" in document:
        document = document["receipts"]
    elif isinstance(document, dict):
        document = [document]
    if not isinstance(document, list) or not all(isinstance(item, dict) for item in document):
        raise ReceiptError(_('receipts are given as a list of receipt objects, or as {"receipts": [...]}'))
    if not document:
        raise ReceiptError(_("the receipts file holds no receipt"))
    if len(document) > MOST_RECEIPTS:
        raise ReceiptError(_("at most %(most)s receipts at a time"), most=MOST_RECEIPTS)
    return document


def check_shape(receipt, number):
    """Refuse a receipt that is not one: other fields, or fields of the wrong form."""
    if set(receipt) != FIELDS:
        missing, extra = sorted(FIELDS - set(receipt)), sorted(set(receipt) - FIELDS)
        raise ReceiptError(
            _("a receipt has exactly the fields %(fields)s (missing: %(missing)s; unknown: %(extra)s)"),
            number,
            fields=", ".join(sorted(FIELDS)),
            missing=", ".join(missing) or "-",
            extra=quoted(extra) or "-",
        )
    if receipt["receipt"] != FORMAT:
        raise ReceiptError(_("its format is not %(format)s"), number, format=FORMAT)
    version = receipt["version"]
    if not isinstance(receipt["stream"], str) or type(version) is not int or version < 1:
        raise ReceiptError(_("its stream must be a name and its version a positive integer"), number)
    for name, pattern in (("hash", HEX64), ("key", HEX64), ("signature", HEX128)):
        if not isinstance(receipt[name], str) or not pattern.fullmatch(receipt[name]):
            raise ReceiptError(_("its %(field)s is not lowercase hex of the right length"), number, field=name)
    if not isinstance(receipt["issued_at"], str):
        raise ReceiptError(_("its issued_at is not a time"), number)


def quoted(names, most=5, longest=40):
    """Names from the input (unknown fields), as a refusal quotes them: a few, each cut short."""
    shown = [name if len(name) <= longest else name[:longest] + "…" for name in names[:most]]
    return ", ".join(shown) + (", …" if len(names) > most else "")


def check_signature(receipt, number, key_hex):
    """Refuse a receipt the site's key did not sign as it stands (changed, or another key's)."""
    if receipt["key"] != key_hex:
        raise ReceiptError(
            _("it is signed with the key %(key)s…, not the site's receipt key %(site_key)s…"),
            number,
            key=receipt["key"][:16],
            site_key=key_hex[:16],
        )
    public = Ed25519PublicKey.from_public_bytes(bytes.fromhex(key_hex))
    try:
        public.verify(bytes.fromhex(receipt["signature"]), signed_message(receipt))
    except InvalidSignature:
        raise ReceiptError(
            _("its signature does not verify: the receipt was changed, or the site never issued it"), number
        ) from None


def checked(receipts, stream):
    """``receipts`` (as ``parse`` or ``collect`` give them), each checked: a receipt's form, the
    site's signature over it, and that it is for ``stream``; the first that fails raises
    ReceiptError naming it. Returns [(number, receipt)] in the order given."""
    key_hex = public_key_hex()
    out = []
    for number, receipt in enumerate(receipts, 1):
        check_shape(receipt, number)
        check_signature(receipt, number, key_hex)
        if receipt["stream"] != stream:
            raise ReceiptError(
                _("it is a receipt for %(other)s, not for %(stream)s"), number, other=receipt["stream"], stream=stream
            )
        out.append((number, receipt))
    return out


def label(receipt):
    """How a report names a receipt: ``stream:version:hash`` (the hash cut short) and when."""
    return f"{receipt['stream']}:{receipt['version']}:{receipt['hash'][:16]}…"


def check_receipt_key(app_configs=None, **kwargs):
    """``manage.py check`` (and migrate, runserver): a malformed EVENT_RECEIPT_SIGNING_KEY is an
    error when the site is deployed, not a server error on the first action."""
    from django.core import checks

    configured = getattr(settings, "EVENT_RECEIPT_SIGNING_KEY", "")
    problem = key_problem(configured) if configured else None
    return [checks.Error(problem, id="games.E001")] if problem else []
