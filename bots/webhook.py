"""Calling a webhook bot: a signed POST of the turn request, and one hard deadline for all of it.

Signature (header ``X-KingRifki-Signature: t=<unix seconds>,v1=<hex>``)::

    key = sha256(secret).hexdigest()          # the bot computes it from its secret
    v1  = HMAC-SHA256(key, f"{t}.{body}")     # body: the exact bytes of the request

The platform keeps ``key`` sealed at rest (bots/signing.py) and opens it to sign. A bot should
check the signature and that ``t`` is recent. Every way a call can fail is a ``BotFault``
whose ``reason`` is recorded with the fallback action.

The deadline covers the whole exchange: connecting, sending, the response's headers and its
body. httpx's own timeouts bound each read or write separately, so a server that drips one
byte a second would never trip them; the exchange therefore runs as a coroutine under
``asyncio.timeout``, which cancels it wherever it is and closes its socket on the way out
(no thread is left behind).
"""

import asyncio
import json
import socket
import ssl
import time
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from urllib.parse import urlsplit, urlunsplit

import certifi
import httpx

from .netcheck import UnsafeURL, check_url
from .signing import signature, signature_header  # noqa: F401  (the wire scheme, imported from here elsewhere)

MAX_RESPONSE_BYTES = 64 * 1024
SIGNATURE_HEADER = "X-KingRifki-Signature"


BODY_SHOWN = 500  # characters of a faulty answer's body kept for its owner


class BotFault(Exception):
    """A webhook call that gave no usable action: ``reason`` (a fault code), ``detail`` (words
    for the log) and ``facts`` (what the owner sees: status, body, seconds; filled by ``call``)."""

    def __init__(self, reason, detail="", status=None, raw=None):
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason, self.detail = reason, detail
        self.facts = {"status": status}
        if raw is not None:
            self.facts["body"] = raw[:BODY_SHOWN].decode("utf-8", errors="replace")


def timed(call_webhook):
    """``call`` with the seconds it took put in the facts of its fault, or beside its action."""

    def call(url, key, request, timeout):
        started = time.monotonic()
        try:
            action = call_webhook(url, key, request, timeout)
        except BotFault as fault:
            fault.facts["seconds"] = round(time.monotonic() - started, 3)
            raise
        return action

    return call


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


def post_signed(url, key, payload, timeout):
    """POST ``payload`` (JSON) signed with ``key``; (status, body bytes) of the whole answer within
    ``timeout`` seconds (all told), or BotFault: the one outbound path of turns, events and pings."""
    deadline = time.monotonic() + timeout
    try:
        # Again before every call: DNS may have changed. The lookup comes out of the bot's time.
        checked = check_url(url, resolve=lambda host, port, **kw: resolve_by(deadline, host, port, **kw))
    except UnsafeURL as e:
        raise BotFault("unsafe_url", str(e)) from e
    except TimeoutError as e:
        raise BotFault("timeout", f"the bot's host name did not resolve within {timeout} s") from e
    body = json.dumps(payload, separators=(",", ":")).encode()
    target, host = _target(checked)
    headers = {
        "Host": host,
        "Content-Type": "application/json",
        "User-Agent": "kingrifki-bot-caller/1",
        SIGNATURE_HEADER: signature_header(key, body),
    }
    extensions = {"sni_hostname": checked.host} if checked.scheme == "https" else {}
    remaining = deadline - time.monotonic()
    try:
        if remaining <= 0:
            raise TimeoutError
        return asyncio.run(exchange(target, body, headers, extensions, remaining))
    except (TimeoutError, httpx.TimeoutException) as e:
        raise BotFault("timeout", f"no whole answer within {timeout} s") from e
    except httpx.HTTPError as e:
        raise BotFault("connection_error", type(e).__name__) from e


@timed
def call(url, key, turn_request, timeout):
    """POST ``turn_request`` signed with ``key``; return the action the bot answers within
    ``timeout`` seconds (all told), or raise BotFault."""
    status, raw = post_signed(url, key, turn_request, timeout)
    if not 200 <= status < 300:
        raise BotFault("http_error", f"status {status}", status, raw)
    try:
        answer = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as e:
        raise BotFault("not_json", "the answer is not JSON", status, raw) from e
    if not isinstance(answer, dict) or not isinstance(answer.get("action"), dict):
        raise BotFault("no_action", 'the answer must be {"action": {...}}', status, raw)
    return answer["action"]


@timed
def tell(url, key, message, timeout):
    """POST ``message`` (an event or a ping, docs/bots.md "A bot's events") signed with ``key``;
    return its outcome for the owner: {"status": "ok", "http_status", "answer"} for any 2xx
    within ``timeout`` seconds, else BotFault. What a 2xx says is the bot's business."""
    status, raw = post_signed(url, key, message, timeout)
    if not 200 <= status < 300:
        raise BotFault("http_error", f"status {status}", status, raw)
    return {"status": "ok", "http_status": status, "answer": raw[:BODY_SHOWN].decode("utf-8", errors="replace")}


# Host-name lookups run here so that a call stops waiting for one at its deadline: the system
# resolver cannot be interrupted, so a slow lookup finishes in the background (bounded by the
# resolver's own timeout) while the turn gets its fallback on time.
_RESOLVER = ThreadPoolExecutor(max_workers=4, thread_name_prefix="webhook-dns")
getaddrinfo = socket.getaddrinfo  # the tests slow it down


def resolve_by(deadline, host, port, **kwargs):
    """``getaddrinfo(host, port, **kwargs)``, or TimeoutError once ``deadline`` (monotonic) passes."""
    return _RESOLVER.submit(getaddrinfo, host, port, **kwargs).result(timeout=max(0.0, deadline - time.monotonic()))


async def exchange(target, body, headers, extensions, seconds):
    """(status, body) of the POST, all of it within ``seconds``; TimeoutError past them."""
    async with asyncio.timeout(seconds):
        async with httpx.AsyncClient(
            timeout=httpx.Timeout(seconds), follow_redirects=False, trust_env=False, verify=tls_context()
        ) as client:
            async with client.stream("POST", target, content=body, headers=headers, extensions=extensions) as response:
                chunks, size = [], 0
                async for chunk in response.aiter_bytes():
                    size += len(chunk)
                    if size > MAX_RESPONSE_BYTES:
                        raise BotFault(
                            "oversized", f"the answer is over {MAX_RESPONSE_BYTES} bytes", response.status_code
                        )
                    chunks.append(chunk)
                return response.status_code, b"".join(chunks)
