import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.matches.conftest import clients, players, staff  # noqa: F401  (shared fixtures)


class BotServer:
    """A webhook bot on 127.0.0.1: ``behave(request_json)`` returns (status, body bytes, delay)."""

    def __init__(self, behave):
        self.behave = behave
        self.requests = []  # (headers, raw body)
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                server.requests.append((dict(self.headers), raw))
                status, body, delay = server.behave(json.loads(raw))
                time.sleep(delay)
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/turn"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def first_legal(request):
    return 200, json.dumps({"action": request["legal_actions"][0]}).encode(), 0


@pytest.fixture
def bot_server():
    servers = []

    def start(behave=first_legal):
        servers.append(BotServer(behave))
        return servers[-1]

    yield start
    for s in servers:
        s.close()


@pytest.fixture
def private_webhooks_allowed(settings):
    settings.BOT_WEBHOOKS_ALLOW_PRIVATE = True


@pytest.fixture
def make_bot(django_user_model):
    from bots.models import Bot
    from bots.registry import new_credentials

    owner = django_user_model.objects.create_user("house", password="long-enough-pass")
    made = []

    def make(kind="builtin", strategy="random", url="", name=None):
        token, secret, hashes = new_credentials()
        bot = Bot.objects.create(
            owner=owner,
            name=name or f"bot{len(made)}",
            kind=kind,
            strategy=strategy if kind == "builtin" else "",
            url=url,
            **hashes,
        )
        bot.token, bot.secret = token, secret
        made.append(bot)
        return bot

    return make


def run_until_over(match, limit=5000):
    """Play the match's bot turns in this process, as the worker would, until it is over."""
    from bots import runner
    from games.models import Match

    for _ in range(limit):
        match.refresh_from_db()
        if match.status == Match.Status.OVER:
            return match
        runner.run_turns(match.pk, match.version)
    raise AssertionError("the match did not finish")
