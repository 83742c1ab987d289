"""A bot's own events (``GET /api/v1/bot/events/``) and its owner's pings
(``POST /api/v1/bots/{id}/ping/``): docs/bots.md, "A bot's events" and "Ping".

The stream is served by games/live/streams.py as the match and turn streams are (NDJSON or
SSE, keep-alives, ``reconnect``), woken through the bot's pub/sub channel; what it sends is
always read from the stored events (bots.events), so a lost wake-up costs a read at most.
"""

import re

from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from games.errors import ERROR, ServiceError
from games.live import streams

from . import events
from .api import BotOnlyAuthentication, IsBot, own_bot
from .turn_channel import bot_channel


def after_param(request):
    """``?after=N`` (or SSE's ``Last-Event-ID: N``): the id of the last event the bot has; None
    when absent. Else 400."""
    raw, field = request.query_params.get("after"), "after"
    if raw is None:
        raw, field = request.META.get("HTTP_LAST_EVENT_ID", "").strip() or None, "Last-Event-ID"
    if raw is None:
        return None
    if not re.fullmatch(r"[0-9]{1,18}", raw.strip()):
        raise ServiceError("invalid_input", problem=_("'%(field)s' must be an event id (a whole number)"), field=field)
    return int(raw)


class BotEventFeed(streams.Feed):
    """One bot's events: opened with ``after``, each stored after it (at most 500 at once); without,
    the game_start of each live game and the challenge of each open one; then each new one."""

    def __init__(self, bot, after=None):
        self.bot, self.after = bot, after
        self.channel = bot_channel(bot.pk)
        self.last = 0

    def lines(self, rows):
        for row in rows:
            self.last = max(self.last, row.pk)
        return [(events.line(row), row.pk) for row in rows]

    def opening(self):
        if self.after is not None:
            self.last = self.after
            return self.news()
        self.last = events.last_id(self.bot)
        return self.lines([row for row in events.current(self.bot) if row.pk <= self.last]), False

    def news(self):
        return self.lines(events.after(self.bot, self.last)), False

    def reconnect(self):
        return {"type": "reconnect", "after": self.last}


class BotEventsView(streams.StreamView):
    authentication_classes = [BotOnlyAuthentication]
    permission_classes = [IsBot]

    @extend_schema(
        operation_id="bot_events",
        parameters=[
            streams.FORMAT_PARAMETER,
            OpenApiParameter(
                "after",
                int,
                description="the id of the last event you have: every event after it, then each new one "
                "(SSE clients may send `Last-Event-ID` instead)",
            ),
        ],
        responses={**streams.STREAM_RESPONSES, 400: streams.ERROR, 401: streams.ERROR, 429: streams.ERROR},
        summary="The calling bot's events: its games starting and ending, its seat taken over or given "
        "back, and challenges to it",
        description="One JSON object a line (`application/x-ndjson`), or Server-Sent Events (`id: <event id>`, "
        '`event: <type>`, `data: <json>`). Each line is `{"type", "id", "at", ...}`: `game_start` '
        "(match, ruleset, options, seat, opponents, timeout_seconds, event), `game_end` (match, seat, "
        "result: won, drawn, lost or cancelled; scores, winners, taken_over, and `rating` on a rated table), "
        "`taken_over` (match, seat, "
        "reason, by, version, faults), `seat_returned` (match, seat, reason, version), `challenge` "
        "(challenge, challenger, ruleset, options, expires_at, answer, by_itself). Without `after` the "
        "stream opens with the `game_start` of each game still live and the `challenge` of each still "
        'open, as Lichess\'s does; then each new event. Keep-alives and `{"type": "reconnect", "after": N}` '
        "as on the turn stream: connect again with `after=N`.",
    )
    def get(self, request):
        fmt = streams.stream_format(request)
        return streams.stream_response(request, BotEventFeed(request.auth, after_param(request)), fmt)


class BotPingView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=None,
        responses={202: OpenApiTypes.OBJECT, 404: ERROR, 409: ERROR, 429: ERROR},
        summary="Send your webhook bot a signed ping now; its answer, status and time show on the bot "
        "(`last_ping`) within its timeout",
    )
    def post(self, request, pk):
        bot = own_bot(request, pk)
        sent = events.request_ping(bot)
        return Response({"id": bot.pk, "last_ping": sent}, status=status.HTTP_202_ACCEPTED)
