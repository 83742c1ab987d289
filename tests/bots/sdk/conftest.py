"""A stand-in platform for the SDK's clients: a stdlib HTTP server on 127.0.0.1 whose answers
the test writes, recording every request it gets."""

import json
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest


@dataclass
class Request:
    method: str
    path: str
    headers: dict
    body: bytes

    def json(self):
        return json.loads(self.body)


def json_response(status, payload, headers=None):
    return status, dict(headers or {}), json.dumps(payload).encode()


class FakePlatform:
    """``respond(request)`` returns (status, headers, body): bytes, or an iterable of bytes
    that is sent chunk by chunk (a stream) as the iterable yields it."""

    def __init__(self, respond):
        self.respond, self.requests = respond, []
        platform = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def answer(self, method):
                length = int(self.headers.get("Content-Length") or 0)
                request = Request(method, self.path, dict(self.headers), self.rfile.read(length))
                platform.requests.append(request)
                status, headers, body = platform.respond(request)
                try:
                    self.send_response(status)
                    for name, value in headers.items():
                        self.send_header(name, value)
                    if isinstance(body, bytes):
                        self.send_header("Content-Length", str(len(body)))
                        self.end_headers()
                        self.wfile.write(body)
                        return
                    self.send_header("Transfer-Encoding", "chunked")
                    self.end_headers()
                    for chunk in body:
                        self.wfile.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
                        self.wfile.flush()
                    self.wfile.write(b"0\r\n\r\n")
                    self.close_connection = True
                except (BrokenPipeError, ConnectionResetError):
                    self.close_connection = True

            def do_GET(self):
                self.answer("GET")

            def do_POST(self):
                self.answer("POST")

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_port}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def fake_platform():
    started = []

    def start(respond):
        started.append(FakePlatform(respond))
        return started[-1]

    yield start
    for platform in started:
        platform.close()


class RecordedPauses(threading.Event):
    """A stop event that records every pause a client takes on it (and takes none), so that a
    test sees how long a client would wait without waiting."""

    def __init__(self):
        super().__init__()
        self.pauses = []

    def wait(self, timeout=None):
        self.pauses.append(timeout)
        return self.is_set()


@pytest.fixture
def recorded_pauses():
    return RecordedPauses()


def a_turn(request_id, cards=("2S", "3S")):
    """A turn request as the platform sends it, with ``cards`` to play."""
    legal = [{"type": "play", "card": card} for card in cards]
    return {
        "request_id": request_id,
        "match": 1,
        "seat": 0,
        "version": 1,
        "deadline": "2030-01-01T00:00:00+00:00",
        "view": {"seat": 0, "hand": list(cards), "legal_actions": legal},
        "legal_actions": legal,
    }
