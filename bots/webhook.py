"""Calling a webhook bot: a signed POST of the turn request, a bounded wait for its answer.

Signature (header ``X-KingRifki-Signature: t=<unix seconds>,v1=<hex>``)::

    key = sha256(secret).hexdigest()          # the bot computes it from its secret
    v1  = HMAC-SHA256(key, f"{t}.{body}")     # body: the exact bytes of the request

The platform stores only ``sha256(secret)``, so it signs with that digest. A bot should
check the signature and that ``t`` is recent. Every way a call can fail is a ``BotFault``
whose ``reason`` is recorded with the fallback action.
"""
import hashlib
import hmac
import json
import ssl
import time
from functools import cache
from urllib.parse import urlsplit, urlunsplit

import certifi
import httpx

from .netcheck import UnsafeURL, check_url

MAX_RESPONSE_BYTES = 64 * 1024
SIGNATURE_HEADER = "X-KingRifki-Signature"


class BotFault(Exception):
    def __init__(self, reason, detail=""):
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason, self.detail = reason, detail


def signing_key(secret_hash):
    return secret_hash.encode()


def signature(secret_hash, timestamp, body):
    return hmac.new(signing_key(secret_hash), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()


def signature_header(secret_hash, body, now=None):
    t = int(time.time() if now is None else now)
    return f"t={t},v1={signature(secret_hash, t, body)}"


def _target(checked):
    """The URL to connect to (the checked IP address) and the Host header that names the host."""
    parts = urlsplit(checked.url)
    address = f"[{checked.address}]" if ":" in checked.address else checked.address
    netloc = f"{address}:{checked.port}"
    default_port = 443 if checked.scheme == "https" else 80
    host = checked.host if checked.port == default_port else f"{checked.host}:{checked.port}"
    return urlunsplit((checked.scheme, netloc, parts.path or "/", parts.query, "")), host


@cache
def tls_context():
    """One TLS context per process: building it loads the CA bundle, ~20 ms a call."""
    return ssl.create_default_context(cafile=certifi.where())


def call(url, secret_hash, turn_request, timeout):
    """POST ``turn_request`` to the bot; return the action it answers, or raise BotFault."""
    try:
        checked = check_url(url)  # again before every call: DNS may have changed
    except UnsafeURL as e:
        raise BotFault("unsafe_url", str(e)) from e
    body = json.dumps(turn_request, separators=(",", ":")).encode()
    target, host = _target(checked)
    headers = {"Host": host, "Content-Type": "application/json", "User-Agent": "kingrifki-bot-caller/1",
               SIGNATURE_HEADER: signature_header(secret_hash, body)}
    extensions = {"sni_hostname": checked.host} if checked.scheme == "https" else {}
    started = time.monotonic()
    try:
        with httpx.Client(timeout=httpx.Timeout(timeout), follow_redirects=False, trust_env=False,
                          verify=tls_context()) as client:
            with client.stream("POST", target, content=body, headers=headers, extensions=extensions) as response:
                chunks, size = [], 0
                for chunk in response.iter_bytes():
                    size += len(chunk)
                    if size > MAX_RESPONSE_BYTES:
                        raise BotFault("oversized", f"the answer is over {MAX_RESPONSE_BYTES} bytes")
                    if time.monotonic() - started > timeout:
                        raise BotFault("timeout", f"no whole answer within {timeout} s")
                    chunks.append(chunk)
                status = response.status_code
    except httpx.TimeoutException as e:
        raise BotFault("timeout", f"no answer within {timeout} s") from e
    except httpx.HTTPError as e:
        raise BotFault("connection_error", type(e).__name__) from e
    if not 200 <= status < 300:
        raise BotFault("http_error", f"status {status}")
    try:
        answer = json.loads(b"".join(chunks))
    except (ValueError, UnicodeDecodeError) as e:
        raise BotFault("not_json", "the answer is not JSON") from e
    if not isinstance(answer, dict) or not isinstance(answer.get("action"), dict):
        raise BotFault("no_action", 'the answer must be {"action": {...}}')
    return answer["action"]
