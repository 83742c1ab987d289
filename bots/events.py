"""What a bot is told about its games (docs/bots.md, "A bot's events"), and its pings.

Each happening is stored once per bot as a ``BotEvent`` (its ``key`` names it, so a repeated
announcement or a retried task stores nothing new) and told three ways, as the bot listens:

- on the bot's own stream, ``GET bot/events/`` (bots/api_events.py), and as lines of its turn
  stream, both woken through the bot's pub/sub channel (bots/turn_channel.py);
- in the ``events`` of ``GET bot/turns/``, each once;
- to a webhook bot, as a signed POST of the same JSON on the webhook queue (``deliver``): its
  outcome is kept on the event for the owner; a bot that misses one is not at fault, and reads
  its stream (``?after=``) to catch up.

The happenings: ``game_start`` (a match the bot sits in was created), ``game_end`` (it ended:
the result, the scores, and on a rated table the rating change, told by the rater through
``hooks.GAME_END_TOLD_BY``), ``taken_over`` (a house bot took the seat, why, and the faults),
``seat_returned`` (a ruling gave it back) and ``challenge`` (it was challenged).
"""

import logging
import time

from celery import current_app
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from games.errors import ServiceError
from games.live import pubsub
from games.models import Match, Seat
from games.service import hand_overs

from . import hooks, my_games, webhook
from .models import Bot, BotEvent, Challenge, ChallengeSeat, Turn
from .turn_channel import bot_channel

logger = logging.getLogger(__name__)

TOLD = (Bot.Kind.WEBHOOK, Bot.Kind.POLLING)  # a built-in bot runs on the site and needs telling nothing
MOST_POLLED = 100  # events one poll of bot/turns/ hands out; the rest come with the next


def line(event):
    """An event as every protocol carries it: ``{"type", "id", "at", ...}``."""
    return {"type": event.type, "id": event.pk, "at": event.created_at.isoformat(), **event.data}


# ------------------------------------------------------------------ recording
def record(bot, kind, key, data, match=None, challenge=None):
    """Store the happening ``key`` for ``bot`` once (None when it is stored already), and tell
    the bot once the transaction commits."""
    if bot.kind not in TOLD:
        return None
    try:
        with transaction.atomic():
            event = BotEvent.objects.create(bot=bot, type=kind, key=key, data=data, match=match, challenge=challenge)
    except IntegrityError:
        return None  # told already
    bot_id, kind_of_bot, event_id = bot.pk, bot.kind, event.pk
    transaction.on_commit(lambda: announce(bot_id, kind_of_bot, event_id))
    return event


def announce(bot_id, kind_of_bot, event_id):
    """Wake the bot's streams and long polls; hand a webhook bot's event to the webhook queue."""
    pubsub.publish(bot_channel(bot_id), "event")
    if kind_of_bot == Bot.Kind.WEBHOOK:
        to_webhook_queue(DELIVER_TASK, event_id)


# The webhook queue's tasks (bots.tasks), sent by name: the tasks import this module.
DELIVER_TASK = "bots.tasks.deliver_bot_event"
PING_TASK = "bots.tasks.ping_webhook_bot"


def to_webhook_queue(task, argument):
    """Queue ``task(argument)`` on the webhook queue (CELERY_TASK_ROUTES). A broker that cannot
    be reached is logged: the change has committed, and the bot's stream still has the event."""
    try:
        current_app.send_task(task, args=[argument])
    except Exception as e:  # noqa: BLE001
        logger.warning("could not queue %s(%s): %s", task, argument, e)


def told_seats(match):
    """The match's seats held by a bot that is told of its games: [(seat index, bot)]."""
    seats = Seat.objects.filter(match=match, bot__kind__in=TOLD).select_related("bot__owner").order_by("index")
    return [(seat.index, seat.bot) for seat in seats]


def who_sits(match):
    """Each seat's holder as the events name them: ``{"seat", "user"}`` or ``{"seat", "bot"}``."""
    holders = []
    for seat in Seat.objects.filter(match=match).select_related("user", "bot").order_by("index"):
        if seat.bot_id:
            holders.append({"seat": seat.index, "bot": seat.bot.name})
        elif seat.user_id:
            holders.append({"seat": seat.index, "user": seat.user.username})
        else:
            holders.append({"seat": seat.index})
    return holders


def record_game_start(match):
    seats = told_seats(match)
    if not seats:
        return
    holders = who_sits(match)
    for seat, bot in seats:
        record(
            bot,
            BotEvent.Type.GAME_START,
            f"game_start:{match.pk}:{seat}",
            {
                "match": match.pk,
                "ruleset": match.ruleset,
                "options": match.options,
                "seat": seat,
                "opponents": [h for h in holders if h["seat"] != seat],
                "timeout_seconds": match.bot_turn_timeout,
                "event": match.event,
            },
            match=match,
        )


def record_game_end(match, ratings=None):
    """Tell each bot seated at the finished ``match`` how it ended; ``ratings`` (by seat) is the
    rating change where the table was rated."""
    seats = told_seats(match)
    if not seats:
        return
    ended = my_games.endings([match]).get(match.pk)  # its game_ended event: scores and winners
    taken = set(hand_overs.seats_taken_over(match))
    for seat, bot in seats:
        data = {
            "match": match.pk,
            "ruleset": match.ruleset,
            "seat": seat,
            "result": my_games.result_of(seat, ended),  # won, drawn, lost or cancelled, as me/games/ says
            "scores": ended.scores if ended else None,
            "winners": ended.winners if ended else [],
            "taken_over": seat in taken,
        }
        if ratings is not None:
            data["rating"] = ratings.get(seat)
        record(bot, BotEvent.Type.GAME_END, f"game_end:{match.pk}:{seat}", data, match=match)


def record_taken_over(match, bot, seat, reason, by, version):
    """The house bot ``by`` took ``bot``'s seat at ``version``, for ``reason``: with the faults
    that led there (where, what; their facts stay on the bot's faults page for its owner)."""
    faults = [
        {"version": t.version, "fault": t.fault, "at": t.finished_at.isoformat() if t.finished_at else None}
        for t in Turn.objects.filter(match=match, bot=bot, seat=seat, status=Turn.Status.FAULTED).order_by("version")
    ]
    data = {"match": match.pk, "seat": seat, "reason": reason, "by": by, "version": version, "faults": faults}
    record(bot, BotEvent.Type.TAKEN_OVER, f"taken_over:{match.pk}:{version}", data, match=match)


def record_seat_returned(match, seat, reason, version):
    """A ruling gave ``seat`` back to the bot that holds it (a person's seat tells no bot)."""
    for index, bot in told_seats(match):
        if index == seat:
            data = {"match": match.pk, "seat": seat, "reason": reason, "version": version}
            record(bot, BotEvent.Type.SEAT_RETURNED, f"seat_returned:{match.pk}:{version}", data, match=match)


def record_challenge(challenge):
    """Tell each bot named in ``challenge`` of it: who, the game, its options, the expiry, and
    whether the bot's own setting accepted it already (else it or its owner answers)."""
    for seat in ChallengeSeat.objects.filter(challenge=challenge, bot__isnull=False).select_related("bot"):
        data = {
            "challenge": challenge.pk,
            "challenger": challenge.challenger.username,
            "ruleset": challenge.ruleset,
            "options": challenge.options,
            "expires_at": challenge.expires_at.isoformat(),
            "answer": seat.answer,
            "by_itself": seat.answered_by_bot,
        }
        record(seat.bot, BotEvent.Type.CHALLENGE, f"challenge:{challenge.pk}", data, challenge=challenge)


def on_match_advanced(announced):
    """A games.hooks.MATCH_ADVANCED receiver: a match created tells its bots ``game_start``, a
    match over tells them ``game_end`` (unless a rater tells it with the rating change). Costs no
    query for the moves in between: the announcement's row says where the match stands."""
    match = announced.row
    if match is None:
        match = Match.objects.filter(pk=announced.match_id).first()
        if match is None:
            return
    if not (announced.created or match.status == Match.Status.OVER):
        return
    try:
        with transaction.atomic():
            if announced.created:
                record_game_start(match)
            if match.status == Match.Status.OVER and not any(hooks.GAME_END_TOLD_BY.answers(match)):
                record_game_end(match)
    except Exception:  # a receiver must not fail a change that has committed
        logger.exception("could not record the bot events of match %s", announced.match_id)


# ------------------------------------------------------------------ reading
def unpolled(bot):
    """The events no poll has handed out yet (at most MOST_POLLED, oldest first), now marked
    handed out: what ``GET bot/turns/`` adds to its turns."""
    events = list(BotEvent.objects.filter(bot=bot, polled_at__isnull=True).order_by("pk")[:MOST_POLLED])
    if events:
        BotEvent.objects.filter(pk__in=[e.pk for e in events], polled_at__isnull=True).update(polled_at=timezone.now())
    return [line(e) for e in events]


def has_unpolled(bot):
    return BotEvent.objects.filter(bot=bot, polled_at__isnull=True).exists()


def current(bot):
    """What a stream opened with no ``after`` starts with (as Lichess's event stream does): the
    ``game_start`` of each game still live and the ``challenge`` of each still open."""
    return list(
        BotEvent.objects.filter(bot=bot)
        .filter(
            Q(type=BotEvent.Type.GAME_START, match__status=Match.Status.LIVE)
            | Q(type=BotEvent.Type.CHALLENGE, challenge__status=Challenge.Status.OPEN)
        )
        .order_by("pk")
    )


def after(bot, last, most=500):
    return list(BotEvent.objects.filter(bot=bot, pk__gt=last).order_by("pk")[:most])


def last_id(bot):
    return BotEvent.objects.filter(bot=bot).order_by("-pk").values_list("pk", flat=True).first() or 0


# ------------------------------------------------------------------ webhook delivery, pings
def deliver(event_id):
    """POST a webhook bot's event, signed, within the turn timeout; keep the outcome on the
    event. The webhook queue's task runs it."""
    event = BotEvent.objects.select_related("bot").filter(pk=event_id, delivery__isnull=True).first()
    if event is None or event.bot.kind != Bot.Kind.WEBHOOK or not event.bot.is_active:
        return None
    outcome = told(event.bot, line(event))
    BotEvent.objects.filter(pk=event.pk).update(delivery=outcome)
    return outcome


def request_ping(bot):
    """Queue a signed ping to a webhook bot (at its registration, or on its owner's demand; a
    polling or built-in bot has no URL: 409); the worker keeps the answer on ``bot.last_ping``.
    Returns the ping as it stands: sent."""
    if bot.kind != Bot.Kind.WEBHOOK:
        raise ServiceError("not_a_webhook_bot")
    if not bot.is_active:
        raise ServiceError("bot_disabled", bot=bot.name)
    sent = {"sent_at": timezone.now().isoformat(), "status": "sent"}
    Bot.objects.filter(pk=bot.pk).update(last_ping=sent)
    bot.last_ping = sent
    bot_id = bot.pk
    transaction.on_commit(lambda: to_webhook_queue(PING_TASK, bot_id))
    return sent


def ping(bot):
    """Send ``bot`` a signed ``{"type": "ping"}`` and keep what came back on ``bot.last_ping``."""
    sent = timezone.now()
    outcome = {"sent_at": sent.isoformat(), **told(bot, {"type": "ping", "bot": bot.name, "at": sent.isoformat()})}
    Bot.objects.filter(pk=bot.pk).update(last_ping=outcome)
    return outcome


def told(bot, message):
    """Call a webhook bot with ``message``: {"status": "ok" or a fault code, "http_status",
    "seconds", "answer" or "body"}, never raising for the bot's own trouble."""
    started = time.monotonic()
    try:
        outcome = webhook.tell(bot.url, bot.signing_key(), message, settings.BOT_TURN_TIMEOUT_SECONDS)
    except webhook.BotFault as fault:
        outcome = {"status": fault.reason, "http_status": fault.facts.get("status")}
        if "body" in fault.facts:
            outcome["answer"] = fault.facts["body"]
    outcome["seconds"] = round(time.monotonic() - started, 3)
    return outcome
