"""A polling bot's turns as they become due: ``GET /api/v1/bot/stream/`` (as Lichess's bot
event stream), beside long polling ``bot/turns/?wait=`` and webhooks.

Each line is ``{"type": "turn", ...}`` where ``...`` is exactly an entry of ``GET bot/turns/``
(``runner.turn_request``): first every pending turn, then each new one as it becomes due, each
sent once per connection; keep-alives and ``reconnect`` as in games/live/streams.py, which serves
it (under ASGI: woken through Redis; under WSGI: a bounded long poll). The bot answers through
``POST bot/turns/{request_id}/`` as ever. The bot's own events (bots.events: a game started or
ended, a challenge, ...) stored after the stream opened come on it too, as ``GET bot/events/``
sends them (``{"type": "game_start", "id", ...}``).

``runner.open_turn`` calls ``turn_channel.announce_turn`` when it creates a turn: after the commit,
a polling bot's channel (``<STREAM_CHANNEL_PREFIX>stream:bot:<id>``) is published to.
"""

from drf_spectacular.utils import extend_schema

from games.errors import ServiceError
from games.live import streams
from games.service import states

from . import events
from .api import BotOnlyAuthentication, IsBot, handed_out
from .models import Bot, Turn
from .turn_channel import bot_channel


class TurnFeed(streams.Feed):
    """The pending turns of one bot, each sent once. ``seen`` holds the request ids of pending
    turns this connection has sent or passed over (a turn the match moved on from is never
    sent); a settled turn is never pending again, so it drops out of ``seen``.

    It only reads: unlike ``GET bot/turns/`` it leaves a stale turn for that endpoint or the
    sweep to settle, so that a stream woken between an answer's commit and the answer marking
    its turn done can never mark that turn stale instead."""

    def __init__(self, bot):
        self.bot = bot
        self.channel = bot_channel(bot.pk)
        self.seen = set()
        self.last_event = 0  # the bot's events after this one are sent as they come (bots.events)

    def pending(self):
        return Turn.objects.filter(bot=self.bot, status=Turn.Status.PENDING)

    def new_turns(self):
        lines, pending = [], set()
        for turn in self.pending().select_related("match").order_by("pk"):
            key = str(turn.request_id)
            pending.add(key)
            if key in self.seen:
                continue
            self.seen.add(key)
            state = states.match_state(turn.match)
            if turn.match.version != turn.version or state.to_act != turn.seat:
                continue  # the match moved on without it
            # Exactly what GET bot/turns/ lists for it (bots.api.pending_turns), its clock started
            # as the line is written; a turn past its deadline is never sent.
            request = handed_out(turn, state)
            if request is not None:
                lines.append(({"type": "turn", **request}, None))
        self.seen &= pending
        return lines, False

    def new_events(self):
        """The bot's events stored since the last sent (or since the stream opened), as
        ``GET bot/events/`` sends them."""
        rows = events.after(self.bot, self.last_event)
        if rows:
            self.last_event = rows[-1].pk
        return [(events.line(row), None) for row in rows]

    def opening(self):
        self.last_event = events.last_id(self.bot)
        return self.new_turns()

    def news(self):
        told = self.new_events()
        pending = {str(key) for key in self.pending().values_list("request_id", flat=True)}
        if pending <= self.seen:  # no new turn: one cheap read
            self.seen &= pending
            return told, False
        lines, done = self.new_turns()
        return told + lines, done


class BotStreamView(streams.StreamView):
    authentication_classes = [BotOnlyAuthentication]
    permission_classes = [IsBot]

    @extend_schema(
        operation_id="bot_stream",
        parameters=[streams.FORMAT_PARAMETER],
        responses={**streams.STREAM_RESPONSES, 400: streams.ERROR, 403: streams.ERROR, 429: streams.ERROR},
        summary="A polling bot's turns as they become due: each pending turn, then each new one "
        '(`{"type": "turn", ...}` with the fields of `bot/turns/`), and keep-alives',
        description="One JSON object a line (`application/x-ndjson`), or Server-Sent Events "
        "(`event: turn`, `data: <json>`): first every pending turn, then each new one as it becomes due, "
        'each sent once per connection, as `{"type": "turn", ...}` with exactly the fields of an entry '
        "of `GET bot/turns/`; answer it with `POST bot/turns/{request_id}/`. An empty line (SSE: a "
        '`: keep-alive` comment) after 15 s of silence; `{"type": "reconnect"}` when the server ends '
        "the stream (after an hour, when the bot's token changes; under a WSGI server within 30 s): "
        "connect again. Only polling bots have one (a webhook bot: 403).",
    )
    def get(self, request):
        fmt = streams.stream_format(request)
        if request.auth.kind != Bot.Kind.POLLING:
            raise ServiceError("not_a_polling_bot")
        return streams.stream_response(request, TurnFeed(request.auth), fmt)
