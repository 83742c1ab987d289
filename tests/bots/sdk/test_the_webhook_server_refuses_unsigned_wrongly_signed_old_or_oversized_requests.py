"""The SDK's webhook server refuses what the platform did not sign just now, and bodies over its
bound, before the strategy sees anything."""

import json
import threading
import time
import urllib.error
import urllib.request

import pytest

from bots.sdk.kingrifki_bot import SIGNATURE_HEADER, webhook_server
from bots.signing import signature_header, signing_key_of
from tests.bots.sdk.conftest import a_turn

SECRET = "krs_the-bots-secret"
MAX_BODY = 4096
BODY = json.dumps(a_turn("r1")).encode()
BIG_BODY = json.dumps({**a_turn("r1"), "padding": "x" * MAX_BODY}).encode()


def signed(body, secret=SECRET, now=None):
    return {SIGNATURE_HEADER: signature_header(signing_key_of(secret), body, now=now)}


# Each case is made when its test runs: a signature dated "ten minutes ahead" at import time is
# no longer ahead once a long parallel run reaches the test ten minutes later.
REFUSALS = {
    "unsigned": lambda: (BODY, {}, 401),
    "garbage header": lambda: (BODY, {SIGNATURE_HEADER: "garbage"}, 401),
    "signed with another secret": lambda: (BODY, signed(BODY, secret="krs_someone-else"), 401),
    "signed over another body": lambda: (BODY, signed(BODY + b" "), 401),
    "signed ten minutes ago (a replay)": lambda: (BODY, signed(BODY, now=time.time() - 600), 401),
    "signed ten minutes ahead": lambda: (BODY, signed(BODY, now=time.time() + 600), 401),
    "over the size bound, though signed": lambda: (BIG_BODY, signed(BIG_BODY), 413),
}


@pytest.fixture
def server():
    calls = []
    server = webhook_server(
        lambda turn: calls.append(turn) or turn["legal_actions"][0], SECRET, port=0, max_body=MAX_BODY
    )
    server.calls = calls
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("case", REFUSALS)
def test_the_request_is_refused_and_the_strategy_never_called(server, case):
    body, headers, status = REFUSALS[case]()
    request = urllib.request.Request(f"http://127.0.0.1:{server.server_port}/", data=body, headers=headers)
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == status
    assert "error" in json.loads(refused.value.read())
    assert server.calls == []
