"""Celery tasks that play bot seats (DESIGN.md 3.6).

Two queues: built-in bots (and everything else) on the default queue, webhook turns on
``settings.BOT_WEBHOOK_QUEUE`` (routed in config/settings.py), each with workers of its own,
so a webhook that takes its whole timeout, at any number of tables, holds up no built-in bot.
"""

from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db.models import F
from django.utils import timezone

from games.models import Event, Match, Seat

from . import runner
from .models import Bot, Turn


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def play_bot_turns(match_id, version):
    """Play the bot turns of ``match_id`` due at ``version``; a stale or repeated task does nothing."""
    runner.run_turns(match_id, version, hand_off_webhook=enqueue_webhook)


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def play_webhook_turn(match_id, version):
    """Call the webhook bot whose turn ``match_id`` is at ``version`` (on the webhook queue)."""
    runner.run_webhook_turn(match_id, version)


def enqueue(match_id, version):
    play_bot_turns.apply_async(args=[match_id, version])


def enqueue_webhook(match_id, version):
    play_webhook_turn.apply_async(args=[match_id, version])  # to BOT_WEBHOOK_QUEUE (CELERY_TASK_ROUTES)


@shared_task(ignore_result=True)
def sweep_stalled_turns():
    """Find bot turns that nobody is playing (a lost task, a killed worker, a restarted broker).

    A polling bot's turn past its deadline is a timeout fault. A live match whose seat to act
    (``Match.to_act``, kept with every append) is held by a bot and whose last event is older
    than the grace period is enqueued again; the task is idempotent by version, so a turn that
    is in fact still running is not played twice. A match waiting on a person is left alone.
    """
    now = timezone.now()
    for turn in Turn.objects.filter(
        status=Turn.Status.PENDING, deadline__lt=now, bot__kind=Bot.Kind.POLLING
    ).select_related("match", "bot"):
        faults, _ = runner.seat_record(runner.platform_rows(turn.match), turn.seat)
        runner.fall_back(turn.match, turn.bot, turn.seat, turn, "timeout", faults)
    grace = timedelta(seconds=getattr(settings, "BOT_STALL_SECONDS", 10))
    # One seat row must match both conditions (a single filter() call joins it once): the seat
    # to act, and a bot holding it. A taken-over seat is still the bot's.
    due_to_bots = Match.objects.filter(
        status=Match.Status.LIVE, to_act__isnull=False, seats__index=F("to_act"), seats__bot__isnull=False
    )
    for match in due_to_bots.only("pk", "version"):
        last = Event.objects.filter(stream=match.stream).order_by("-version").values_list("recorded_at", flat=True)[:1]
        if last and last[0] < now - grace:
            enqueue(match.pk, match.version)


def on_match_advanced(sender, match_id, version, **kwargs):
    """A match moved on (after commit): if bots sit at it, a task looks at whose turn it is."""
    if Seat.objects.filter(match_id=match_id, bot__isnull=False).exists():
        enqueue(match_id, version)
