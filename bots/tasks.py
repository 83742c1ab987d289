"""Celery tasks that play bot seats (DESIGN.md 3.6)."""
from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from games.models import Event, Match, Seat

from . import runner
from .models import Bot, Turn


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def play_bot_turns(match_id, version):
    """Play the bot turns of ``match_id`` due at ``version``; a stale or repeated task does nothing."""
    runner.run_turns(match_id, version)


def enqueue(match_id, version):
    play_bot_turns.apply_async(args=[match_id, version])


@shared_task(ignore_result=True)
def sweep_stalled_turns():
    """Find bot turns that nobody is playing (a lost task, a killed worker, a restarted broker).

    A polling bot's turn past its deadline is a timeout fault. A live match whose last event is
    older than the grace period and whose seat to act is a bot is enqueued again; the task is
    idempotent by version, so a turn that is in fact still running is not played twice.
    """
    now = timezone.now()
    for turn in Turn.objects.filter(status=Turn.Status.PENDING, deadline__lt=now,
                                    bot__kind=Bot.Kind.POLLING).select_related("match", "bot"):
        faults, _ = runner.seat_record(runner.platform_rows(turn.match), turn.seat)
        runner.fall_back(turn.match, turn.bot, turn.seat, turn, "timeout", faults)
    grace = timedelta(seconds=getattr(settings, "BOT_STALL_SECONDS", 10))
    for match in Match.objects.filter(status=Match.Status.LIVE, seats__bot__isnull=False).distinct():
        last = Event.objects.filter(stream=match.stream).order_by("-version").values_list("recorded_at", flat=True)[:1]
        if last and last[0] < now - grace:
            enqueue(match.pk, match.version)


def on_match_advanced(sender, match_id, version, **kwargs):
    """A match moved on (after commit): if bots sit at it, a task looks at whose turn it is."""
    if Seat.objects.filter(match_id=match_id, bot__isnull=False).exists():
        enqueue(match_id, version)
