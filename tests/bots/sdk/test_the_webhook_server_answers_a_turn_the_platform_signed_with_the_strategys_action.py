"""The SDK's webhook server checks the signature exactly as the platform makes it
(bots/signing.py) and answers {"action": choose(turn)}."""

import json
import threading
import urllib.request

from bots.sdk.kingrifki_bot import SIGNATURE_HEADER, webhook_server
from bots.signing import signature_header, signing_key_of
from tests.bots.sdk.conftest import a_turn

SECRET = "krs_the-bots-secret"


def test_a_signed_turn_gets_the_strategys_action():
    seen = []

    def choose(turn):
        seen.append(turn)
        return turn["legal_actions"][-1]

    server = webhook_server(choose, SECRET, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        turn = a_turn("r1", cards=("4H", "9H", "KH"))
        body = json.dumps(turn, separators=(",", ":")).encode()  # as bots/webhook.py sends it
        request = urllib.request.Request(
            f"http://127.0.0.1:{server.server_port}/",
            data=body,
            headers={
                "Content-Type": "application/json",
                SIGNATURE_HEADER: signature_header(signing_key_of(SECRET), body),
            },
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 200
            assert json.loads(response.read()) == {"action": {"type": "play", "card": "KH"}}
    finally:
        server.shutdown()
        server.server_close()
    assert seen == [turn]
