"""A webhook bot in plain Python (standard library only).

    BOT_SECRET=krs_... python bots/examples/webhook_bot.py --port 9000

Register it with kind "webhook" and url "http://<your host>:9000/"; the platform POSTs each
turn here and waits (2 s by default) for {"action": ...}. This one checks the signature and
plays the first legal action; put your strategy in choose().
"""

import argparse
import hashlib
import hmac
import json
import os
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MAX_AGE_SECONDS = 300


def choose(turn):
    """Your strategy: the turn has your seat's "view" and its "legal_actions"."""
    return turn["legal_actions"][0]


def signature_ok(secret, header, body):
    """X-KingRifki-Signature: t=<unix>,v1=HMAC-SHA256(sha256(secret).hexdigest(), f"{t}.{body}")."""
    try:
        fields = dict(part.split("=", 1) for part in header.split(","))
        t = int(fields["t"])
    except (ValueError, KeyError, AttributeError):
        return False
    key = hashlib.sha256(secret.encode()).hexdigest().encode()
    expected = hmac.new(key, f"{t}.".encode() + body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, fields.get("v1", "")) and abs(time.time() - t) < MAX_AGE_SECONDS


def make_handler(secret):
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            if not signature_ok(secret, self.headers.get("X-KingRifki-Signature", ""), body):
                self.send_error(401, "bad signature")
                return
            answer = json.dumps({"action": choose(json.loads(body))}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

        def log_message(self, *args):
            pass

    return Handler


def serve(secret, host="127.0.0.1", port=9000):
    return ThreadingHTTPServer((host, port), make_handler(secret))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=9000)
    args = parser.parse_args()
    serve(os.environ["BOT_SECRET"], args.host, args.port).serve_forever()
