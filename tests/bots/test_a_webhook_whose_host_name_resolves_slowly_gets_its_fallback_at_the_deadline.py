"""The webhook deadline covers the host-name lookup too: a resolver that takes longer than the
turn's deadline does not hold the turn, which times out at the deadline like any slow bot."""

import socket
import time

import pytest

from bots import webhook
from bots.webhook import BotFault, call

REQUEST = {"request_id": "r1", "legal_actions": [{"type": "pass"}], "view": {}}


@pytest.mark.serial
def test_a_host_name_that_takes_longer_than_the_deadline_to_resolve_is_a_timeout(monkeypatch, settings):
    settings.BOT_WEBHOOKS_ALLOW_PRIVATE = True

    def slow_getaddrinfo(host, port, **kwargs):
        time.sleep(3)  # a resolver whose upstream does not answer
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", port))]

    monkeypatch.setattr(webhook, "getaddrinfo", slow_getaddrinfo)
    started = time.monotonic()
    with pytest.raises(BotFault) as fault:
        call("http://slow-dns.example/turn", "0" * 64, REQUEST, timeout=0.5)
    elapsed = time.monotonic() - started
    assert fault.value.reason == "timeout"
    assert 0.5 <= elapsed < 1.2, elapsed
