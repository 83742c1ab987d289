"""bots.webhook.call: a signed POST, and every way it can fail is a fault with a reason."""

import hashlib
import hmac
import json
import time

import pytest

from bots.webhook import SIGNATURE_HEADER, BotFault, call, signature

SECRET = "krs_example-secret"
KEY = hashlib.sha256(SECRET.encode()).hexdigest()  # what the platform stores and signs with
REQUEST = {"request_id": "r1", "legal_actions": [{"type": "play", "card": "2C"}], "view": {"hand": ["2C"]}}


def verify(headers, raw):
    """What a bot does: recompute the signature from its secret."""
    fields = dict(part.split("=", 1) for part in headers[SIGNATURE_HEADER].split(","))
    key = hashlib.sha256(SECRET.encode()).hexdigest().encode()
    expected = hmac.new(key, f"{fields['t']}.".encode() + raw, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, fields["v1"]) and abs(time.time() - int(fields["t"])) < 60


def test_the_request_is_signed_with_the_secrets_digest_and_the_answer_is_returned(bot_server, private_webhooks_allowed):
    server = bot_server()
    assert call(server.url, KEY, REQUEST, timeout=2) == {"type": "play", "card": "2C"}
    headers, raw = server.requests[0]
    assert json.loads(raw) == REQUEST and verify(headers, raw)
    assert signature(KEY, 1, raw) != signature(KEY, 2, raw)


@pytest.mark.parametrize(
    "behave, reason",
    [
        (lambda r: (200, b'{"action": {"type": "play", "card": "2C"}}', 3.0), "timeout"),
        (lambda r: (200, b"this is not json", 0), "not_json"),
        (lambda r: (500, b'{"action": {}}', 0), "http_error"),
        (lambda r: (404, b"", 0), "http_error"),
        (lambda r: (200, b'{"move": "2C"}', 0), "no_action"),
        (lambda r: (200, b'["2C"]', 0), "no_action"),
        (lambda r: (200, b'{"action": "' + b"x" * 70000 + b'"}', 0), "oversized"),
    ],
)
@pytest.mark.serial
def test_faulty_answers_are_faults_with_their_reason(bot_server, private_webhooks_allowed, behave, reason):
    server = bot_server(behave)
    started = time.monotonic()
    with pytest.raises(BotFault) as fault:
        call(server.url, KEY, REQUEST, timeout=1.0)
    assert fault.value.reason == reason
    assert time.monotonic() - started < 2.5  # bounded by the timeout, not by the 3 s bot


def test_a_closed_port_is_a_connection_error(private_webhooks_allowed):
    with pytest.raises(BotFault) as fault:
        call("http://127.0.0.1:9/turn", KEY, REQUEST, timeout=0.5)
    assert fault.value.reason == "connection_error"


def test_in_production_settings_a_loopback_webhook_is_not_called(bot_server, settings):
    settings.BOT_WEBHOOKS_ALLOW_PRIVATE = False
    server = bot_server()
    with pytest.raises(BotFault) as fault:
        call(server.url, KEY, REQUEST, timeout=0.5)
    assert fault.value.reason == "unsafe_url" and server.requests == []
