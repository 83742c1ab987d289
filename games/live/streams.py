"""Live streams: a match's events as they are appended (``GET matches/{id}/stream/``), and the
machinery the bots' turn stream (bots/api_stream.py) shares with it.

The wire format (docs/api.md "Following a match or a bot's turns live"): newline-delimited JSON
(``application/x-ndjson``), or Server-Sent Events when the request accepts
``text/event-stream`` (or says ``?format=sse``). A match stream sends

- ``{"type": "snapshot", "match", "version": H, "status", "state"}``: the caller's view at H,
  exactly as ``GET matches/{id}/`` gives it in ``state``;
- ``{"type": "event", "version", "recorded_at", "event"}`` for each event after H (with
  ``?after=V``, or SSE's ``Last-Event-ID: V``, each event after V: those up to H too), in
  version order, none skipped and none twice, redacted exactly as ``GET matches/{id}/events/``
  redacts them for the caller;
- ``{"type": "end", "version", "status": "over"}`` once the match is over, and closes;
- an empty line (NDJSON) or an SSE comment every STREAM_KEEPALIVE_SECONDS of silence;
- ``{"type": "reconnect", "after": V}`` when the server ends a stream early (after
  STREAM_MAX_SECONDS, or under a WSGI server, below): the client asks again with ``?after=V``.

A user sees what ``games.service.access.visible_state`` and ``visible_events`` show them; a bot (``Bot
krb_...``) what its own seat sees, through the same two functions given its seat (the reveal of
``seat_view``, which its turns carry); anyone else what a spectator sees. No redaction of its own.

How it is served:

- Under an ASGI server (uvicorn: config/asgi.py, the compose file's ``streams`` service) the
  response body is an async iterator: a waiting stream holds no thread, only a coroutine. Its
  database work is done in short calls on a small pool of threads (``STREAM_DB_THREADS``, by
  ``sync_to_async``): the snapshot, the events after a version, a look at the match row. It is
  woken through Redis publish/subscribe: games publishes each committed version of a match
  (``pubsub.publish_match``, a ``hooks.MATCH_ADVANCED`` receiver, told after the commit) on
  ``<STREAM_CHANNEL_PREFIX>stream:match:<id>``, and one subscription per process
  (games/live/pubsub.py's ``Hub``) carries every channel its streams follow. Without Redis, or
  while it is unreachable, a stream reads the match row every STREAM_POLL_SECONDS instead. A message is only a wake-up:
  what a stream sends is always read from the log, so a lost or a stray message costs a read
  at most (and a stream reads the log at every keep-alive anyway, in case a publish was lost).
- Under a WSGI server (``make run``'s runserver, gunicorn's threads) a waiting stream would
  hold a thread, so there it is a long poll in another shape (``BoundedStream``): it takes one
  of games/live/longpoll.py's slots (the caps of ``events/?wait=``), sends what comes for at most
  STREAM_FALLBACK_SECONDS and ends with ``reconnect``; over those caps it sends the snapshot
  (and the events after ``after``) and ``reconnect`` at once, with ``Retry-After: 1``.

Caps (ASGI): STREAM_MAX_PER_CLIENT streams per client (per address, and per account or bot:
the keys long polls count) and STREAM_MAX_PER_PROCESS in all; over either the answer is 429
``too_many_streams`` with ``Retry-After``. Opening a stream counts as a poll in the rate
limits (``polls``). A stream re-checks the credentials that opened it every keep-alive
interval, so a revoked token, a rotated bot token or a logged-out session stops seeing the
match within that time.
"""

import asyncio
import json
import logging
import re
import threading
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.core.serializers.json import DjangoJSONEncoder
from django.db import close_old_connections
from django.http import StreamingHttpResponse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import exceptions, permissions, serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from games.accounts import throttles
from games.errors import ERROR, ServiceError, translated
from games.live import longpoll, pubsub
from games.models import Match, Seat
from games.service import access, creating

logger = logging.getLogger(__name__)

NDJSON, SSE = "application/x-ndjson", "text/event-stream"
FORMATS = {"ndjson": NDJSON, "sse": SSE}
RETRY_AFTER_SECONDS = 5  # what a stream refused for a cap tells its client to wait
STREAM_PATH = re.compile(r"/api/v1/(?:(?:matches/[^/]+|bot)/stream|bot/events)/$")


def setting(name):
    return getattr(settings, name)


def is_stream_path(path):
    """Whether ``path`` is one of the stream endpoints (config/asgi.py serves them apart)."""
    return STREAM_PATH.search(path) is not None


# ------------------------------------------------------------------ database work, off the event loop
_POOL = None
_POOL_LOCK = threading.Lock()


def pool():
    """The threads streams read the database in: few, so few database connections, whatever
    the number of streams (each thread keeps its connection as a request would, CONN_MAX_AGE)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = ThreadPoolExecutor(max_workers=setting("STREAM_DB_THREADS"), thread_name_prefix="stream-db")
        return _POOL


def _with_fresh_connection(fn, args):
    close_old_connections()
    try:
        return fn(*args)
    finally:
        close_old_connections()


async def in_pool(fn, *args):
    """``fn(*args)`` in a pool thread; the caller's task stays cancellable (a client leaving)."""
    result = await sync_to_async(_with_fresh_connection, thread_sensitive=False, executor=pool())(fn, args)
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError
    return result


# ------------------------------------------------------------------ the wire
def encode(payload, fmt, event_id=None):
    data = json.dumps(payload, cls=DjangoJSONEncoder, ensure_ascii=False, separators=(",", ":"))
    if fmt == NDJSON:
        return (data + "\n").encode()
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {payload['type']}\ndata: {data}\n\n".encode()


def encode_all(lines, fmt):
    return b"".join(encode(payload, fmt, event_id) for payload, event_id in lines)


def keepalive(fmt):
    return b"\n" if fmt == NDJSON else b": keep-alive\n\n"


def stream_format(request):
    """NDJSON unless ``?format=sse`` or an Accept header that names text/event-stream."""
    asked = request.query_params.get("format")
    if asked is not None:
        if asked not in FORMATS:
            raise ServiceError("invalid_input", problem=_("'format' must be ndjson or sse"))
        return FORMATS[asked]
    return SSE if SSE in request.META.get("HTTP_ACCEPT", "") else NDJSON


def version_param(request, head):
    """``?after=V`` (or SSE's ``Last-Event-ID: V``): 0 to the match's version, else 400."""
    raw, field = request.query_params.get("after"), "after"
    if raw is None:
        raw, field = request.META.get("HTTP_LAST_EVENT_ID", "").strip() or None, "Last-Event-ID"
    if raw is None:
        return None
    value = int(raw) if re.fullmatch(r"[0-9]{1,18}", raw.strip()) else None
    if value is None or value > head:
        raise ServiceError(
            "invalid_input",
            problem=_("'%(field)s' must be an integer from %(low)s to %(high)s"),
            field=field,
            low=0,
            high=head,
        )
    return value


# ------------------------------------------------------------------ what a stream follows
class Feed:
    """What one stream follows. ``opening()`` and ``news()`` return (lines, done), each line a
    (payload, SSE id or None); they do database work, in a thread."""

    channel = ""

    def opening(self):
        raise NotImplementedError

    def news(self):
        raise NotImplementedError

    def reconnect(self):
        return {"type": "reconnect"}


class MatchFeed(Feed):
    """A match for one viewer: ``user`` (None: a spectator), or a bot's ``seat``."""

    def __init__(self, match_id, after, user=None, seat=None):
        self.match_id, self.after, self.user, self.seat = match_id, after, user, seat
        self.channel = pubsub.match_channel(match_id)
        self.last = None  # the last version sent

    def state(self, match):
        return access.visible_state(match, self.user, seat=self.seat)

    def events(self, match, after):
        """The events after ``after`` up to the match row's version, as the viewer sees them."""
        if after >= match.version:
            return []
        shown = access.visible_events(match, self.user, after=after, limit=match.version - after, seat=self.seat)
        return [({"type": "event", **item}, item["version"]) for item in shown]

    def ending(self, match):
        if match.status != Match.Status.OVER:
            return [], False
        return [({"type": "end", "version": match.version, "status": match.status}, None)], True

    def opening(self):
        match = Match.objects.get(pk=self.match_id)
        snapshot = {
            "type": "snapshot",
            "match": match.pk,
            "version": match.version,
            "status": match.status,
            "state": self.state(match),
        }
        after = match.version if self.after is None else self.after
        lines = [(snapshot, None), *self.events(match, after)]
        self.last = match.version
        end, done = self.ending(match)
        return lines + end, done

    def news(self):
        # One primary-key read of the row, whether or not it moved: a follower woken by its
        # match's message almost always finds a move, and a second read of the row then cost a
        # quarter of the stream's work per move (bench.cluster).
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None or match.version == self.last:
            return [], False
        lines = self.events(match, self.last)
        self.last = match.version
        end, done = self.ending(match)
        return lines + end, done

    def reconnect(self):
        # Before the opening read (it failed): where the client asked to start from.
        return {"type": "reconnect", "after": self.last if self.last is not None else self.after or 0}


# ------------------------------------------------------------------ caps
class StreamSlots(longpoll.Slots):
    def full(self, keys):
        """Which cap a new stream for ``keys`` would go over: "client", "process" or None."""
        with self._lock:
            if any(self.held[k] >= setting("STREAM_MAX_PER_CLIENT") for k in keys):
                return "client"
            if self.total >= setting("STREAM_MAX_PER_PROCESS"):
                return "process"
            return None

    def take_stream(self, keys):
        return self.take(keys, setting("STREAM_MAX_PER_PROCESS"), setting("STREAM_MAX_PER_CLIENT"))


SLOTS = StreamSlots()


class TooManyStreams(exceptions.Throttled):
    """A stream cap's 429: the cap's own sentence in the caller's language, with ``retry_after``
    (and Retry-After) saying when, never DRF's English "Expected available in N seconds"."""

    default_code = "too_many_streams"

    def __init__(self, wait, detail):
        super().__init__(wait=wait, detail=detail)
        self.detail = exceptions.ErrorDetail(detail, self.default_code)


CAP_MESSAGES = {
    "client": _("you already hold as many live streams as one client may (%(most)s); close one first"),
    "process": _("this server holds as many live streams as it can; try again shortly"),
}


def check_room(keys):
    cap = SLOTS.full(keys)
    if cap is not None:
        message = translated(CAP_MESSAGES[cap], {"most": setting("STREAM_MAX_PER_CLIENT")})
        raise TooManyStreams(wait=RETRY_AFTER_SECONDS, detail=message)


class StreamThrottle(BaseThrottle):
    """Opening a stream counts as a poll (THROTTLE_RATES ``polls``), per caller."""

    tally = None

    def allow_request(self, request, view):
        self.tally = throttles.do_count(("polls", throttles.caller(request)))
        return self.tally.allowed

    def wait(self):
        return self.tally.retry_after if self.tally else None


# ------------------------------------------------------------------ credentials, checked again
def credentials_check(request):
    """A function telling whether the credentials that opened a stream still hold: the same
    authenticator finds the same user and token (a revoked or expired token, a rotated or
    disabled bot fail), or the session still exists (logging out deletes it)."""
    authenticator, django_request = request.successful_authenticator, request._request
    if authenticator is None:
        return lambda: True
    user_pk, auth_pk = request.user.pk, getattr(request.auth, "pk", None)
    if isinstance(authenticator, SessionAuthentication):
        session = django_request.session
        key = session.session_key
        return lambda: key is not None and type(session)().exists(key)

    def still():
        try:
            found = authenticator.authenticate(Request(django_request))
        except exceptions.APIException:
            return False
        return found is not None and found[0].pk == user_pk and getattr(found[1], "pk", None) == auth_pk

    return still


# ------------------------------------------------------------------ serving: ASGI
async def follow(feed, fmt, keys, still_valid):
    """The body of a stream under ASGI: holds a cap slot and a channel, no thread.

    The view saw room for it; if another stream took that room meanwhile, this one sends its
    opening lines and ``reconnect`` at once, as a WSGI stream over its caps does."""
    loop = asyncio.get_running_loop()
    held = SLOTS.take_stream(keys)
    waiters_hub, waiter = (pubsub.hub(), asyncio.Event()) if held else (None, None)
    keepalive_seconds, most = setting("STREAM_KEEPALIVE_SECONDS"), setting("STREAM_MAX_SECONDS")
    try:
        if waiters_hub is not None:
            await waiters_hub.join(feed.channel, waiter)  # before reading: no publish falls between
        lines, done = await in_pool(feed.opening)
        yield encode_all(lines, fmt)
        if done:
            return
        if not held:
            yield encode(feed.reconnect(), fmt)
            return
        started = sent = checked = loop.time()
        while True:
            now = loop.time()
            live = waiters_hub is not None and waiters_hub.is_live(feed.channel)
            timeout = min(keepalive_seconds - (now - sent), keepalive_seconds - (now - checked), most - (now - started))
            if not live:
                timeout = min(timeout, setting("STREAM_POLL_SECONDS"))
            if timeout > 0:
                try:
                    await asyncio.wait_for(waiter.wait(), timeout)
                except TimeoutError:
                    pass
            woken = waiter.is_set()
            waiter.clear()
            now = loop.time()
            if now - started >= most:
                yield encode(feed.reconnect(), fmt)
                return
            due = now - checked >= keepalive_seconds  # also reads the log: a publish may have been lost
            if due:
                checked = now
                if not await in_pool(still_valid):
                    yield encode(feed.reconnect(), fmt)
                    return
            if woken or due or not live:
                lines, done = await in_pool(feed.news)
                if lines:
                    yield encode_all(lines, fmt)
                    sent = loop.time()
                if done:
                    return
            if loop.time() - sent >= keepalive_seconds:
                yield keepalive(fmt)
                sent = loop.time()
    except Exception:  # the database went away, say: the client reconnects and resumes
        logger.exception("live stream %s failed", feed.channel)
        yield encode(feed.reconnect(), fmt)
    finally:
        if waiters_hub is not None:
            waiters_hub.leave(feed.channel, waiter)
        if held:
            SLOTS.give_back(keys)


# ------------------------------------------------------------------ serving: WSGI
class BoundedStream:
    """The body of a stream under a WSGI server, where it holds a thread: a long poll's slot
    (``keys``; None when declined) for at most STREAM_FALLBACK_SECONDS, then ``reconnect``.
    The slot goes back when the body ends, or when the WSGI server closes it (PEP 3333: the
    client left). Waits on games.live.longpoll's clock, so the server stopping ends it at once."""

    def __init__(self, feed, fmt, keys):
        self.feed, self.fmt, self.keys = feed, fmt, keys
        self.lines = self.run()

    def __iter__(self):
        return self.lines

    def close(self):
        self.lines.close()
        self.give_back()

    def give_back(self):
        if self.keys is not None:
            longpoll.SLOTS.give_back(self.keys)
            self.keys = None

    def run(self):
        # Not only close(): a caller of the WSGI app that reads a body to its end and never
        # closes it (Werkzeug's test client, as schemathesis drives it) kept the slot for good.
        try:
            yield from self.lines_until_reconnect()
        finally:
            self.give_back()

    def lines_until_reconnect(self):
        feed, fmt = self.feed, self.fmt
        lines, done = feed.opening()
        yield encode_all(lines, fmt)
        if done:
            return
        keepalive_seconds = setting("STREAM_KEEPALIVE_SECONDS")
        deadline = longpoll.clock() + setting("STREAM_FALLBACK_SECONDS")
        sent = longpoll.clock()
        # Woken by the feed's pub/sub channel as the long polls are (games/live/longpoll.py);
        # without Redis it reads every LONG_POLL_STEP_SECONDS.
        with longpoll.following(feed.channel) as (woken, live):
            followed_now = woken is not None  # what came before the subscription: read it at once
            while self.keys is not None and not longpoll.is_stopping():
                left = deadline - longpoll.clock()
                if left <= 0:
                    break
                if not followed_now:
                    longpoll.rest(woken, live, min(left, keepalive_seconds))
                followed_now = False
                lines, done = feed.news()
                if lines:
                    yield encode_all(lines, fmt)
                    sent = longpoll.clock()
                if done:
                    return
                if longpoll.clock() - sent >= keepalive_seconds:
                    yield keepalive(fmt)
                    sent = longpoll.clock()
        yield encode(feed.reconnect(), fmt)


def stream_response(request, feed, fmt):
    """The streaming answer for ``feed``: followed live under ASGI, bounded under WSGI."""
    keys = longpoll.client_keys(request)
    if isinstance(request._request, ASGIRequest):
        check_room(keys)
        response = StreamingHttpResponse(follow(feed, fmt, keys, credentials_check(request)), content_type=fmt)
    else:
        held = not longpoll.is_stopping() and longpoll.SLOTS.take(
            keys, longpoll.max_waits(), settings.LONG_POLL_MAX_WAITS_PER_CLIENT
        )
        response = StreamingHttpResponse(BoundedStream(feed, fmt, keys if held else None), content_type=fmt)
        if not held:
            response["Retry-After"] = str(longpoll.RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each line on at once
    return response


# ------------------------------------------------------------------ the views
STREAM_RESPONSES = {
    (200, NDJSON): OpenApiTypes.STR,  # one JSON object a line (the description)
    # Each Server-Sent Event (OpenAPI 3.0: an SSE response's schema is one event's).
    (200, SSE): inline_serializer(
        "StreamEvent",
        {
            "id": serializers.CharField(
                required=False, help_text="the event's version (a match's events), or a bot event's id"
            ),
            # A bot's own events (bots/api_events.py) are named by their type; games names none of them.
            "event": serializers.CharField(help_text="snapshot, event, end, reconnect, turn, or a bot event's type"),
            "data": serializers.CharField(help_text="the line's JSON, as the NDJSON stream sends it"),
        },
    ),
}
FORMAT_PARAMETER = OpenApiParameter(
    "format",
    str,
    enum=sorted(FORMATS),
    description="`ndjson` (the default) or `sse` (Server-Sent Events; also chosen by `Accept: text/event-stream`)",
)


MATCH_STREAM_DESCRIPTION = """One JSON object a line (`application/x-ndjson`), or Server-Sent Events
(`text/event-stream`: `id: <version>` for events, `event: <type>`, `data: <json>`, a blank line):

- `{"type": "snapshot", "match", "version": H, "status": "live"|"over", "state"}`: your view at
  version H, as `GET matches/{id}/` gives it in `state`;
- `{"type": "event", "version", "recorded_at", "event"}`: each event after H (with `?after=V` or
  `Last-Event-ID: V`, each event after V, those up to H too), in order, none skipped or repeated,
  redacted as `GET matches/{id}/events/` redacts it for you;
- `{"type": "end", "version", "status": "over"}` when the match is over; the stream then closes;
- an empty line (SSE: a `: keep-alive` comment) after 15 s of silence;
- `{"type": "reconnect", "after": V}`: the server ends the stream (after an hour; under a WSGI
  server within 30 s, at once with `Retry-After: 1` when busy): ask again with `?after=V`.

A person's token or session sees their seat's view; a bot's token (`Bot krb_...`) its own seat's;
anyone else a spectator's. Over a client's share of streams (or a full server): 429."""


class StreamView(APIView):
    """A stream endpoint: DRF's authentication, permissions and errors (JSON, as every API
    error), and a streaming body of our own choosing instead of a renderer's."""

    permission_classes = [permissions.AllowAny]
    throttle_classes = [StreamThrottle]

    def perform_content_negotiation(self, request, force=False):
        # Errors are JSON whatever the client accepts; a stream's own format is stream_format's.
        return JSONRenderer(), JSONRenderer.media_type


class MatchStreamView(StreamView):
    """``GET matches/{id}/stream/``. config/urls_streams.py adds the bots' token to the
    authenticators (games never imports bots)."""

    @extend_schema(
        operation_id="matches_stream",
        parameters=[
            OpenApiParameter(
                "after",
                int,
                description="send every event after this version first (0 to the match's version); "
                "SSE clients may send `Last-Event-ID` instead",
            ),
            FORMAT_PARAMETER,
        ],
        responses={**STREAM_RESPONSES, 400: ERROR, 403: ERROR, 404: ERROR, 429: ERROR},
        summary="Follow the match live: a snapshot of your view, then each event as it is appended "
        "(redacted for you), keep-alives, and `end` (NDJSON, or Server-Sent Events)",
        description=MATCH_STREAM_DESCRIPTION,
    )
    def get(self, request, pk):
        fmt = stream_format(request)
        match = access.get_match(pk)
        after = version_param(request, match.version)
        if isinstance(request.auth, creating.bot_model()):
            seat = Seat.objects.filter(match=match, bot=request.auth).values_list("index", flat=True).first()
            feed = MatchFeed(match.pk, after, seat=seat) if seat is not None else MatchFeed(match.pk, after)
        else:
            feed = MatchFeed(match.pk, after, user=request.user)
        # A closed room refuses outsiders before the stream starts (403 board_in_play, as JSON);
        # each later read goes through the same door, so a room closing meanwhile ends the stream.
        access.enter(match, feed.user, feed.seat)
        return stream_response(request, feed, fmt)
