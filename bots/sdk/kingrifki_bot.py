#!/usr/bin/env python3
"""kingrifki_bot: a bot for the King / Rifki / Kings in the Corner platform in one file.

Standard library only (Python 3.10+): copy this file beside your strategy and run it.

YOUR STRATEGY is one function in a file of its own (say mybot.py)::

    def choose(turn):
        return turn["legal_actions"][0]      # return one of the turn's legal actions

THE TURN is the JSON the platform sends for every turn, the same on all three protocols::

    {"request_id": "7c9e...",     # this turn's id; the answer names it
     "match": 12,                 # the match id
     "seat": 2,                   # your seat, 0 to view["num_seats"] - 1
     "version": 57,               # the match version your action applies at
     "deadline": "2026-...Z",     # ISO time by which the answer must be in: timeout_seconds
                                  # (2 s by default) after the turn was handed to you
     "view": {...},               # what your seat may know: ruleset, hand, table, scores, to_act, ...
     "legal_actions": [{"type": "play", "card": "2S"}, ...],
     "previous_receipt": {...}}   # the site's signed receipt of your previous accepted answer, or null

Return one entry of ``turn["legal_actions"]`` (cards are rank + suit: "TD", "KH"). An exception
in ``choose``, an action that is not legal or no answer by the deadline is a fault: the platform
plays the game's fallback move instead (your first legal action, or ending the turn in Kings in
the Corner), and after 3 faults in a match a house bot takes the seat.

THREE PROTOCOLS, from the command line. The token and secret come from the environment, never
from the command line (where other users of the machine could read them)::

    BOT_SECRET=krs_... python kingrifki_bot.py webhook --strategy mybot.py --port 9000
    BOT_TOKEN=krb_...  python kingrifki_bot.py poll    --strategy mybot.py --server https://club.example.org
    BOT_TOKEN=krb_...  python kingrifki_bot.py stream  --strategy mybot.py --server https://club.example.org

- webhook (a bot registered with kind "webhook" and this server's URL): the platform POSTs each
  turn here with ``X-KingRifki-Signature: t=<unix seconds>,v1=<hex>``, where
  ``v1 = HMAC-SHA256(key=sha256(secret).hexdigest(), message=f"{t}." + body)``. The server
  answers ``{"action": ...}`` only to a correctly signed request of at most 1 MB whose ``t`` is
  within 5 minutes of now (401, 411 or 413 otherwise; 500 when ``choose`` raises).
- poll (kind "polling"): long-polls ``GET /api/v1/bot/turns/?wait=25`` with
  ``Authorization: Bot <token>`` and answers each turn with
  ``POST /api/v1/bot/turns/<request_id>/`` ``{"action": ...}``.
- stream (kind "polling"): holds ``GET /api/v1/bot/stream/`` open, newline-delimited JSON: each
  ``{"type": "turn", ...the turn...}`` line is answered with the same POST as polling; empty
  lines are keep-alives; ``{"type": "reconnect"}`` asks for a new connection (at once, or after
  the pause a ``Retry-After`` header on the stream asks for).

Both clients slow down when told to (429 ``retry_after`` or ``Retry-After``), put a timeout on
every socket, and come back with a growing pause after a network failure. They remember the
turns they answered and never answer one twice; a 409 ``turn_settled`` or ``turn_expired``
ends that turn. A turn's ``deadline`` is the whole ``timeout_seconds`` from when the platform
handed it to you (sent it, or returned it from a poll or the stream). A refused token or a
wrong server address stops them with a message (BotError): trying again cannot mend those.

RECEIPTS. The site signs a receipt for every answer it accepts (the match's stream, version
and hash, and when; Ed25519): the answer to a polling or stream bot's POST carries it, and
every turn request carries the previous one (``previous_receipt``: a webhook's answer has no
other way back). All three protocols keep each receipt, once, as a line of a JSON Lines file,
``kingrifki-receipts.jsonl`` in the working directory unless ``--receipts FILE`` says
elsewhere. Keep that file: with it, ``python3 verify_export.pyz EXPORT.jsonl --receipts
kingrifki-receipts.jsonl`` proves that the log the site shows later still holds every answer
it accepted (a log rolled back or rewritten after the fact fails, naming the receipt). A turn
at a version before one the file holds a receipt for is logged as an error: the match's log
went back.

AS A LIBRARY::

    from kingrifki_bot import run_webhook, run_polling, run_stream
    run_polling(choose, "https://club.example.org", token, receipts="receipts.jsonl")  # until stop.set()
    run_webhook(choose, secret, host="0.0.0.0", port=9000, receipts="receipts.jsonl")

(``receipts``: a file name or a ``Receipts``; without it the library keeps none.)

YOUR BOT'S EVENTS. The platform also tells the bot about its games: ``game_start`` (match,
ruleset, options, seat, opponents), ``game_end`` (result, scores, and on a rated
table its rating change), ``taken_over`` (why, with its faults), ``seat_returned`` and
``challenge`` (who, the game, the expiry), each ``{"type", "id", "at", ...}``. A webhook gets
them as signed POSTs (answered 200 ``{}``) and a ``{"type": "ping"}`` (answered
``{"pong": true}``); a polling client finds them in its polls, a stream client on its stream.
Each is logged; define ``on_event(event)`` beside ``choose`` in your strategy file (or pass
``on_event=`` to the library) to act on them. A challenge is answered with the bot's own
token: ``POST /api/v1/challenges/<id>/accept/`` (or ``decline/``).
"""

import argparse
import hashlib
import hmac
import http.client
import importlib.machinery
import importlib.util
import json
import logging
import os
import random
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

__all__ = [
    "BotError",
    "Receipts",
    "StrategyError",
    "load_bot",
    "load_strategy",
    "main",
    "poll_once",
    "run_polling",
    "run_stream",
    "run_webhook",
    "signature_ok",
    "signing_key",
    "webhook_server",
]

log = logging.getLogger("kingrifki_bot")

SIGNATURE_HEADER = "X-KingRifki-Signature"
SIGNATURE_TOLERANCE_SECONDS = 300  # how far a signature's t may be from this machine's clock
MAX_BODY_BYTES = 1 << 20  # a turn is a few KB: anything near this is not one
DISCARD_LIMIT_BYTES = 8 << 20  # how much of a refused body is read (and dropped) before hanging up
POLL_WAIT_SECONDS = 25  # the server waits up to 30 s for a turn to come
HTTP_TIMEOUT_SECONDS = 15  # every socket operation but the long poll's wait
STREAM_IDLE_SECONDS = 75  # the stream sends keep-alives; this long without a byte means it is dead
MAX_BACKOFF_SECONDS = 30
USER_AGENT = "kingrifki-bot-sdk/1"
RECEIPTS_FILE = "kingrifki-receipts.jsonl"  # where the command line keeps the site's receipts
# What a network hiccup raises: the clients pause and try again.
NETWORK_ERRORS = (OSError, http.client.HTTPException)


class BotError(Exception):
    """The server refuses the bot for good (a wrong token or address): trying again cannot help."""


class StrategyError(Exception):
    """The strategy file cannot be used: missing, failing to load, or without choose(turn)."""


class Unavailable(Exception):
    """The server answered, but not usefully (a 5xx, not JSON): try again after a pause."""


# ------------------------------------------------------------------ the strategy
def load_strategy(path):
    """The ``choose`` function of the Python file at ``path``, or StrategyError saying why not."""
    return load_bot(path)[0]


def load_bot(path):
    """(``choose``, ``on_event`` or None) of the Python file at ``path``, or StrategyError."""
    path = Path(path)
    if not path.is_file():
        raise StrategyError(f"{path}: no such file")
    name = f"kingrifki_strategy_{path.stem}"
    loader = importlib.machinery.SourceFileLoader(name, str(path))  # any file name, not only *.py
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(name, loader))
    folder = str(path.resolve().parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)  # so that the strategy can import its own helpers beside it
    try:
        loader.exec_module(module)
    except Exception as e:
        raise StrategyError(f"{path} does not load: {type(e).__name__}: {e}") from e
    choose = getattr(module, "choose", None)
    if not callable(choose):
        raise StrategyError(f"{path} defines no choose(turn) function")
    on_event = getattr(module, "on_event", None)
    return choose, on_event if callable(on_event) else None


SHOWN_FIELDS = ("match", "seat", "result", "reason", "challenge", "challenger", "ruleset")


def log_event(event):
    """What a bot does with its events unless told otherwise: a line of the log each."""
    log.info("%s %s", event.get("type"), {k: event[k] for k in SHOWN_FIELDS if k in event})


def hear(on_event, event):
    """Give one of the bot's events to ``on_event`` (by default ``log_event``); its failure is
    logged, never raised: an event needs no answer."""
    try:
        (on_event or log_event)(event)
    except Exception:
        log.exception("on_event failed on event %s", event.get("id"))


def is_event(message):
    """Whether a message from the platform is one of the bot's events (not a turn, not a ping)."""
    return (
        isinstance(message, dict)
        and isinstance(message.get("type"), str)
        and isinstance(message.get("id"), int)
        and "legal_actions" not in message
    )


def decide(choose, turn):
    """The strategy's action for ``turn``, or None when there is none to send (the reason is
    logged; the platform then plays the fallback and counts a fault)."""
    try:
        action = choose(turn)
        json.dumps(action)  # it must travel as JSON
    except Exception:
        log.exception("the strategy failed on turn %s: the platform will play its fallback", turn.get("request_id"))
        return None
    if action not in turn.get("legal_actions", ()):
        log.warning("the strategy chose %r, not one of the turn's legal_actions: a fault", action)
    return action


# ------------------------------------------------------------------ receipts
class Receipts:
    """The receipts the site signed for this bot's accepted answers, each kept once as a line of
    the JSON Lines file at ``path`` (appended and flushed as it comes, so a crash loses none).
    Thread-safe: the webhook server answers turns in threads. A receipt is kept as the site sent
    it; its signature is for the verifier to check (verify_export.pyz --receipts)."""

    FIELDS = ("stream", "version", "hash", "signature")

    def __init__(self, path):
        self.path = Path(path)
        self.lock = threading.Lock()
        self.kept = set()  # (stream, version, hash) of every receipt in the file
        self.latest = {}  # stream -> the highest version receipted
        self.cut_short = False  # the file ends inside a line (a crash mid-write): start a new one
        if self.path.exists():
            text = self.path.read_text(encoding="utf-8")
            self.cut_short = bool(text) and not text.endswith("\n")
            for line in text.splitlines():
                try:
                    self.note(json.loads(line))
                except (ValueError, TypeError, KeyError):
                    continue  # a line a crash cut short: the rest still count

    def note(self, receipt):
        key = (str(receipt["stream"]), int(receipt["version"]), str(receipt["hash"]))
        self.kept.add(key)
        self.latest[key[0]] = max(self.latest.get(key[0], 0), key[1])
        return key

    def keep(self, receipt):
        """Keep ``receipt`` unless it is kept already; True when it was added."""
        if not isinstance(receipt, dict) or any(name not in receipt for name in self.FIELDS):
            if receipt is not None:
                log.warning("the site sent a receipt this kit cannot read: %.200r", receipt)
            return False
        with self.lock:
            try:
                key = (str(receipt["stream"]), int(receipt["version"]), str(receipt["hash"]))
            except (TypeError, ValueError):
                log.warning("the site sent a receipt this kit cannot read: %.200r", receipt)
                return False
            if key in self.kept:
                return False
            with self.path.open("a", encoding="utf-8") as f:
                f.write(("\n" if self.cut_short else "") + json.dumps(receipt, sort_keys=True, separators=(",", ":")))
                f.write("\n")
                f.flush()
            self.cut_short = False
            self.note(receipt)
        return True

    def turn_came(self, turn):
        """Keep the turn's ``previous_receipt``; log an error when the turn stands at a version
        before one already receipted for its match (the log went back: keep this file)."""
        self.keep(turn.get("previous_receipt"))
        stream, version = f"match/{turn.get('match')}", turn.get("version")
        latest = self.latest.get(stream, 0)
        if isinstance(version, int) and version < latest:
            log.error(
                "%s: a turn at version %s, but %s holds the site's receipt for version %s: the match's log "
                "went back; keep the file and check the log with verify_export.pyz --receipts",
                stream,
                version,
                self.path,
                latest,
            )


def receipt_book(receipts):
    """A Receipts for ``receipts`` (a file name, a Receipts, or None: none kept)."""
    if receipts is None or isinstance(receipts, Receipts):
        return receipts
    return Receipts(receipts)


# ------------------------------------------------------------------ webhook
def signing_key(secret):
    """The HMAC key of the webhook signature: what the platform derives from your secret."""
    return hashlib.sha256(secret.encode()).hexdigest()


def signature_ok(secret, header, body, now=None, tolerance=SIGNATURE_TOLERANCE_SECONDS):
    """Whether ``header`` (the X-KingRifki-Signature value) signs ``body`` (bytes) with ``secret``
    at a time within ``tolerance`` seconds of ``now``."""
    stamp, signatures = None, []
    for part in (header or "").split(","):
        name, _, value = part.strip().partition("=")
        if name == "t":
            stamp = value
        elif name == "v1":
            signatures.append(value.encode("utf-8", "replace"))
    try:
        t = int(stamp)
    except (TypeError, ValueError):
        return False
    # An old signature is a replay: someone who saw one request must not be able to resend it.
    if abs((time.time() if now is None else now) - t) > tolerance:
        return False
    key = signing_key(secret).encode()
    expected = hmac.new(key, f"{t}.".encode() + body, hashlib.sha256).hexdigest().encode()
    return any(hmac.compare_digest(expected, given) for given in signatures)


def webhook_server(choose, secret, host="127.0.0.1", port=9000, max_body=MAX_BODY_BYTES, receipts=None, on_event=None):
    """A threaded HTTP server, not yet serving, that answers each signed turn with
    ``{"action": choose(turn)}``, each event with ``{}`` (after ``on_event(event)``) and a ping
    with ``{"pong": true}``. ``port=0`` takes a free port (``server.server_port``).
    ``receipts`` (a file name or Receipts) keeps each turn's ``previous_receipt``."""
    if not secret:
        raise BotError("the webhook needs the bot's secret (krs_...)")
    book = receipt_book(receipts)

    class Handler(BaseHTTPRequestHandler):
        timeout = HTTP_TIMEOUT_SECONDS  # a client that stalls mid-request loses its thread's wait
        server_version = "kingrifki-bot"
        sys_version = ""

        def do_POST(self):
            length = self.headers.get("Content-Length", "")
            if not length.isdigit():
                return self.reply(411, {"error": "a Content-Length is required"})
            if int(length) > max_body:
                self.discard(int(length))
                return self.reply(413, {"error": f"the body is over {max_body} bytes"})
            body = self.rfile.read(int(length))
            # Checked before the body is parsed: nothing a stranger sends reaches the strategy.
            if not signature_ok(secret, self.headers.get(SIGNATURE_HEADER), body):
                return self.reply(401, {"error": f"a missing, wrong or old {SIGNATURE_HEADER}"})
            try:
                turn = json.loads(body)
            except ValueError:
                return self.reply(400, {"error": "the body is not JSON"})
            if isinstance(turn, dict) and turn.get("type") == "ping":
                return self.reply(200, {"pong": True})
            if is_event(turn):
                hear(on_event, turn)
                return self.reply(200, {})
            if not isinstance(turn, dict) or not isinstance(turn.get("legal_actions"), list):
                return self.reply(400, {"error": "the body is not a turn request"})
            if book is not None:
                book.turn_came(turn)
            action = decide(choose, turn)
            if action is None:  # a 500 gets the fallback at once rather than at the deadline
                return self.reply(500, {"error": "the strategy failed"})
            return self.reply(200, {"action": action})

        def discard(self, length):
            # Closing a socket with unread data resets the connection, and the client could
            # lose the 413; so a refused body is read and dropped, up to a bound.
            left = min(length, DISCARD_LIMIT_BYTES)
            while left > 0:
                chunk = self.rfile.read(min(left, 64 * 1024))
                if not chunk:
                    break
                left -= len(chunk)

        def reply(self, status, payload):
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            if status >= 400:
                self.send_header("Connection", "close")
                self.close_connection = True
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, fmt, *args):
            log.debug("%s %s", self.address_string(), fmt % args)

    server = ThreadingHTTPServer((host, port), Handler)
    server.daemon_threads = True  # a hung request never keeps the process from exiting
    return server


def run_webhook(choose, secret, host="127.0.0.1", port=9000, receipts=None, on_event=None):
    """Serve turns until interrupted (listen on host "0.0.0.0" to be reachable from outside)."""
    server = webhook_server(choose, secret, host, port, receipts=receipts, on_event=on_event)
    log.info("webhook bot listening on http://%s:%s/", host, server.server_port)
    try:
        server.serve_forever()
    finally:
        server.server_close()


# ------------------------------------------------------------------ the HTTP client
class _NoRedirects(urllib.request.HTTPRedirectHandler):
    # urllib would follow a redirect with the Authorization header, even to another host.
    def redirect_request(self, *args, **kwargs):
        return None


_OPENER = urllib.request.build_opener(_NoRedirects)


def check_server(server):
    """``server`` without its trailing slash, or BotError when it is no http(s) address."""
    parts = urllib.parse.urlsplit(server or "")
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise BotError(f"the server must be an http:// or https:// address, not {server!r}")
    return server.rstrip("/")


def check_token(token):
    if not token or any(c.isspace() for c in token):
        raise BotError("the bot's token (krb_...) is missing or malformed")
    return token


def _request(url, token, body=None, accept="application/json"):
    headers = {"Authorization": f"Bot {token}", "Accept": accept, "User-Agent": USER_AGENT}
    if body is not None:
        headers["Content-Type"] = "application/json"
    data = None if body is None else json.dumps(body).encode()
    return urllib.request.Request(url, data=data, headers=headers, method="GET" if body is None else "POST")


def _read_json(response):
    raw = response.read(MAX_BODY_BYTES + 1)
    if len(raw) > MAX_BODY_BYTES:
        raise Unavailable(f"an answer over {MAX_BODY_BYTES} bytes")
    try:
        return json.loads(raw) if raw else None
    except ValueError:
        return None


def call(url, token, body=None, timeout=HTTP_TIMEOUT_SECONDS):
    """(status, headers, parsed JSON body or None) of one request; network failures raise."""
    try:
        response = _OPENER.open(_request(url, token, body), timeout=timeout)
    except urllib.error.HTTPError as e:
        response = e
    with response:
        return response.status, response.headers, _read_json(response)


def message(body):
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, dict):
        return ": ".join(str(error[key]) for key in ("code", "message") if error.get(key))
    return str(error or body or "")


def retry_after(headers, body, default=1.0):
    """The pause a 429 (or a declined long poll) asks for: the error's ``retry_after``, else
    the Retry-After header, within 0-300 s."""
    error = body.get("error") if isinstance(body, dict) else None
    for value in (error.get("retry_after") if isinstance(error, dict) else None, headers.get("Retry-After")):
        try:
            return min(max(float(value), 0.0), 300.0)
        except (TypeError, ValueError):
            continue
    return default


def refuse_for_good(status, headers, body, what):
    """BotError for the answers that no retry mends: a redirect, a refused token, no such page."""
    if 300 <= status < 400:
        raise BotError(f"{what}: the server redirects to {headers.get('Location')}; give that address instead")
    if status in (401, 403):
        raise BotError(f"{what}: the server refuses the token ({status} {message(body)})")
    if status in (404, 405):
        raise BotError(f"{what}: {status}, is the server address right?")


class Backoff:
    """Pauses before trying again: doubling from 1 s to MAX_BACKOFF_SECONDS, with jitter so that
    the bots of a club do not all come back at the same instant after an outage."""

    def __init__(self, first=1.0, most=MAX_BACKOFF_SECONDS):
        self.first, self.most = first, most
        self.reset()

    def reset(self):
        self.delay = self.first

    def next(self):
        delay, self.delay = self.delay, min(self.delay * 2, self.most)
        return delay * random.uniform(0.5, 1.0)


# ------------------------------------------------------------------ polling
class AnsweredTurns:
    """The request ids of the turns this client has answered or given up (the last ``most``):
    a turn handed out again (a poll before the answer's commit, a stream reconnected) is never
    answered twice."""

    def __init__(self, most=10_000):
        self.most = most
        self._order = []
        self._ids = set()

    def __contains__(self, request_id):
        return request_id in self._ids

    def add(self, request_id):
        if request_id in self._ids:
            return
        self._ids.add(request_id)
        self._order.append(request_id)
        if len(self._order) > self.most:
            self._ids.discard(self._order.pop(0))


# A 409 whose code says the turn is over: it is never answered again (docs/bots.md, "The turn's clock").
TURN_OVER = ("turn_settled", "turn_expired")


def answer(server, token, turn, action, stop=None, receipts=None):
    """POST ``action`` for ``turn``; True when the platform took it (its receipt kept in
    ``receipts``, a Receipts). A 429 is waited out as long as it asks (``retry_after``) and
    tried again; a refusal (the turn is settled or expired: 409, or the action was illegal: a
    fault) is logged: that turn is over."""
    request_id = urllib.parse.quote(str(turn.get("request_id")), safe="")
    url = f"{server}/api/v1/bot/turns/{request_id}/"
    for _attempt in range(3):
        status, headers, body = call(url, token, {"action": action})
        if status != 429:
            break
        (stop or threading.Event()).wait(retry_after(headers, body))
    if status in (401, 403) or 300 <= status < 400:
        refuse_for_good(status, headers, body, "answering a turn")
    if status >= 500:
        raise Unavailable(f"answering a turn: {status}")
    if status == 409 and error_code(body) in TURN_OVER:
        log.info("turn %s is over (%s): not answered again", turn.get("request_id"), error_code(body))
    elif status != 201:
        log.warning("turn %s: the answer was refused: %s %s", turn.get("request_id"), status, message(body))
    elif receipts is not None and isinstance(body, dict):
        receipts.keep(body.get("receipt"))
    return status == 201


def error_code(body):
    error = body.get("error") if isinstance(body, dict) else None
    return error.get("code") if isinstance(error, dict) else None


def play(choose, server, token, turn, stop=None, receipts=None, answered=None):
    """Decide and answer one turn; True when the platform took the action. ``receipts`` (a
    Receipts) keeps the turn's previous receipt and the answer's; ``answered`` (AnsweredTurns)
    the turns answered already, which are skipped."""
    request_id = turn.get("request_id")
    if answered is not None and request_id in answered:
        return False
    if receipts is not None:
        receipts.turn_came(turn)
    action = decide(choose, turn)
    taken = action is not None and answer(server, token, turn, action, stop, receipts)
    if answered is not None:
        answered.add(request_id)  # answered, refused for good or given up: never again
    return taken


def poll_once(choose, server, token, wait=POLL_WAIT_SECONDS, stop=None, receipts=None, answered=None, on_event=None):
    """Fetch the pending turns and the bot's events (the server waits up to ``wait`` s for
    either), hand each event to ``on_event`` and answer each turn that ``answered``
    (AnsweredTurns) does not hold; returns how many answers the platform took.
    ``receipts``: a file name or Receipts."""
    server, token, stop = check_server(server), check_token(token), stop or threading.Event()
    receipts = receipt_book(receipts)
    url = f"{server}/api/v1/bot/turns/?wait={int(wait)}"
    status, headers, body = call(url, token, timeout=wait + HTTP_TIMEOUT_SECONDS)
    if status == 429:
        stop.wait(retry_after(headers, body))
        return 0
    refuse_for_good(status, headers, body, "GET /api/v1/bot/turns/")
    if status != 200 or not isinstance(body, dict) or not isinstance(body.get("turns"), list):
        raise Unavailable(f"GET /api/v1/bot/turns/: {status} {message(body)}")
    for event in body.get("events") or ():
        if is_event(event):
            hear(on_event, event)
    turns = [turn for turn in body["turns"] if isinstance(turn, dict)]
    taken = sum(play(choose, server, token, turn, stop, receipts, answered) for turn in turns)
    if not body["turns"] and "Retry-After" in headers:  # too many waits at once: it answered without one
        stop.wait(retry_after(headers, body))
    return taken


def run_polling(choose, server, token, wait=POLL_WAIT_SECONDS, stop=None, receipts=None, on_event=None):
    """Play turns until ``stop`` (a threading.Event) is set. Network trouble is retried with a
    growing pause; a refused token raises BotError. ``receipts``: a file name or Receipts."""
    server, token, stop = check_server(server), check_token(token), stop or threading.Event()
    receipts = receipt_book(receipts)
    backoff, answered = Backoff(), AnsweredTurns()
    while not stop.is_set():
        try:
            poll_once(choose, server, token, wait, stop, receipts, answered, on_event)
        except (Unavailable, *NETWORK_ERRORS) as e:
            delay = backoff.next()
            log.warning("polling failed (%s); again in %.1f s", e, delay)
            stop.wait(delay)
        else:
            backoff.reset()


# ------------------------------------------------------------------ stream
class SlowDown(Exception):
    def __init__(self, seconds):
        super().__init__(f"asked to wait {seconds} s")
        self.seconds = seconds


def open_stream(server, token, idle=STREAM_IDLE_SECONDS):
    """The open response of ``GET /api/v1/bot/stream/`` (every read times out after ``idle`` s)."""
    request = _request(f"{server}/api/v1/bot/stream/", token, accept="application/x-ndjson")
    try:
        return _OPENER.open(request, timeout=idle)
    except urllib.error.HTTPError as e:
        with e:
            body = _read_json(e)
        if e.status == 429:
            raise SlowDown(retry_after(e.headers, body)) from None
        refuse_for_good(e.status, e.headers, body, "GET /api/v1/bot/stream/")
        raise Unavailable(f"GET /api/v1/bot/stream/: {e.status} {message(body)}") from None


def read_stream(choose, server, token, response, stop, receipts=None, answered=None, on_event=None):
    """Answer the turns of one open stream, in order; returns True when the server asks for a
    new connection, False when it closed this one (or ``stop`` was set). ``receipts``: a
    Receipts; ``answered``: the AnsweredTurns of every connection of this client (a turn sent
    again, on this connection or the next, is not answered twice)."""
    answered = AnsweredTurns() if answered is None else answered
    while not stop.is_set():
        line = response.readline(MAX_BODY_BYTES + 1)
        if not line:
            return False
        if len(line) > MAX_BODY_BYTES:
            raise Unavailable(f"a stream line over {MAX_BODY_BYTES} bytes")
        if not line.strip():
            continue  # a keep-alive
        try:
            item = json.loads(line)
        except ValueError:
            log.warning("skipped a stream line that is not JSON: %.80r", line)
            continue
        kind = item.get("type") if isinstance(item, dict) else None
        if kind == "reconnect":
            return True
        if kind != "turn":
            if is_event(item):
                hear(on_event, item)
            continue  # else a kind of line this client does not know: for newer clients
        turn = {key: value for key, value in item.items() if key != "type"}  # the turn, as polling has it
        play(choose, server, token, turn, stop, receipts, answered)
    return False


def run_stream(choose, server, token, stop=None, idle=STREAM_IDLE_SECONDS, receipts=None, on_event=None):
    """Play the turns of the stream until ``stop`` (a threading.Event) is set, reconnecting at
    once when asked to and after a growing pause when the connection drops; a refused token
    raises BotError. ``receipts``: a file name or Receipts."""
    server, token, stop = check_server(server), check_token(token), stop or threading.Event()
    receipts = receipt_book(receipts)
    backoff, answered = Backoff(), AnsweredTurns()
    while not stop.is_set():
        try:
            with open_stream(server, token, idle) as response:
                backoff.reset()
                if read_stream(choose, server, token, response, stop, receipts, answered, on_event):
                    # Asked to reconnect: at once, unless the server was too busy to hold this
                    # stream open and says how long to pause (Retry-After, as on a long poll).
                    if "Retry-After" in response.headers:
                        stop.wait(retry_after(response.headers, None))
                    continue
            reason = "the server closed the stream"
        except SlowDown as e:
            stop.wait(e.seconds)
            continue
        except (Unavailable, *NETWORK_ERRORS) as e:
            reason = f"the stream failed ({e})"
        if not stop.is_set():
            delay = backoff.next()
            log.warning("%s; reconnecting in %.1f s", reason, delay)
            stop.wait(delay)


# ------------------------------------------------------------------ command line
def credential(name):
    value = os.environ.get(name, "")
    if not value:
        raise BotError(f"set {name} in the environment (it is never given on the command line)")
    return value


def main(argv=None, choose=None):
    """The command line; with ``choose`` given, ``--strategy`` may be left out (bots/examples)."""
    parser = argparse.ArgumentParser(
        prog="kingrifki_bot.py",
        description="Run a King / Rifki bot: a webhook server, a polling client or a stream client. "
        "BOT_SECRET (webhook) or BOT_TOKEN (poll, stream) come from the environment.",
    )
    parser.add_argument("protocol", choices=("webhook", "poll", "stream"))
    parser.add_argument("--strategy", required=choose is None, help="a Python file that defines choose(turn)")
    parser.add_argument("--server", default="http://127.0.0.1:8000", help="the platform's address (poll, stream)")
    parser.add_argument("--host", default="127.0.0.1", help="the webhook's address (0.0.0.0: every interface)")
    parser.add_argument("--port", type=int, default=9000, help="the webhook's port")
    parser.add_argument(
        "--receipts",
        default=RECEIPTS_FILE,
        metavar="FILE",
        help=f"the JSON Lines file that keeps the site's receipts of your accepted answers (default {RECEIPTS_FILE})",
    )
    parser.add_argument("--verbose", action="store_true", help="log every request")
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO, format="%(asctime)s %(levelname)s %(message)s"
    )
    try:
        on_event = None
        if args.strategy:
            choose, on_event = load_bot(args.strategy)
        receipts = Receipts(args.receipts)
        log.info("keeping the site's receipts in %s", receipts.path)
        if args.protocol == "webhook":
            run_webhook(choose, credential("BOT_SECRET"), args.host, args.port, receipts=receipts, on_event=on_event)
        else:
            run = run_polling if args.protocol == "poll" else run_stream
            log.info("%s bot playing at %s", args.protocol, args.server)
            run(choose, args.server, credential("BOT_TOKEN"), receipts=receipts, on_event=on_event)
    except (BotError, StrategyError, OSError) as e:  # OSError: the webhook's port is taken, say
        print(f"kingrifki_bot: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
