"""Celery tasks that play bot seats (DESIGN.md 3.6).

Two queues: built-in bots (and everything else) on the default queue, webhook turns on
``settings.BOT_WEBHOOK_QUEUE`` (routed in config/settings.py), each with workers of its own,
so a webhook that takes its whole timeout, at any number of tables, holds up no built-in bot.
"""

from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.db.models import Exists, F, OuterRef
from django.utils import timezone

from games import clocks, service
from games.models import Event, Match, Seat

from . import runner
from .models import Bot, Turn


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def play_bot_turns(match_id, version):
    """Play the bot turns of ``match_id`` due at ``version``; a stale or repeated task does nothing."""
    runner.run_turns(match_id, version, hand_off_webhook=enqueue_webhook, schedule_deadline=schedule_person_deadline)


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def person_turn_deadline(match_id, version):
    """A person's turn at ``version`` reaches its deadline now (games.clocks): play it for them."""
    runner.person_deadline(match_id, version, reschedule=schedule_person_deadline)


def schedule_person_deadline(match_id, version, seconds):
    """Queue the deadline of a person's turn, ``seconds`` from now (a little after: the task
    checks the deadline and comes back if it is early)."""
    person_turn_deadline.apply_async(args=[match_id, version], countdown=seconds + 0.05)


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
    sweep_people(now)


def sweep_people(now):
    """The backstop of people's clocks: a person's turn past its deadline (its countdown task
    was lost) is played for them here; a person's seat a house bot took over and nobody is
    playing is enqueued. A turn younger than the shortest clock is not even looked at."""
    late = timedelta(seconds=settings.PERSON_CLOCK_GRACE_SECONDS)
    youngest = now - timedelta(seconds=settings.TIMED_QUESTION_SECONDS) - late
    due_to_people = Match.objects.filter(
        status=Match.Status.LIVE, to_act__isnull=False, seats__index=F("to_act"), seats__user__isnull=False
    )
    for match in due_to_people:
        started = clocks.turn_started(match)
        if started is None or started > youngest:
            continue
        state = service.current_state(match)
        turn = clocks.person_turn(match, state)
        if turn is None:
            if runner.seat_record(runner.platform_rows(match), match.to_act)[1]:
                enqueue(match.pk, match.version)  # a house bot holds the seat: it plays on
        elif turn["deadline"] < now - late:
            runner.person_deadline(match.pk, match.version)


def worker_needed(match_id, version=None, written=None):
    """Whether a committed change at ``match_id`` is the worker's to look at: bots sit at it,
    or a person's clock runs (a move time, a timed question, a seat a house bot took over).

    Asked after every action, so it costs as little as it can: ``written``, the match row as
    the action's transaction wrote it at ``version`` (the announcement carries it), answers a
    table with a move clock (the casual default) with no query; otherwise one query on the match
    row says whether a bot sits at it or a seat was ever handed to a house bot. The phase comes
    from the state this process just applied (its cache).
    """
    match = written if written is not None and written.version == version else None
    if match is not None:
        if match.status != Match.Status.LIVE or match.to_act is None:
            return False
        if match.move_seconds is not None:
            return True
    bot_seats = Seat.objects.filter(match=OuterRef("pk"), bot__isnull=False)
    # The stream's name as a constant, not built from the outer row: the planner then reads the
    # platform events' own index (games 0012) for it.
    handed_over = Event.objects.filter(stream=Match(pk=match_id).stream, type="seat_taken_over")
    match = (
        Match.objects.filter(pk=match_id, status=Match.Status.LIVE, to_act__isnull=False)
        .annotate(has_bots=Exists(bot_seats), handed_over=Exists(handed_over))
        .first()
    )
    if match is None:
        return False
    if match.has_bots or match.handed_over or match.move_seconds is not None:
        return True  # a handed-over seat given back by a ruling is looked at once for nothing
    return clocks.timed_question_seconds(getattr(service.current_state(match), "phase", None)) is not None


def on_match_advanced(sender, match_id, version, match=None, worker_on_it=False, **kwargs):
    """A match moved on (after commit): if bots sit at it or a person's clock runs, a task
    looks at whose turn it is (and queues the person's deadline). ``worker_on_it``: the task
    that sent it (a bot run's) deals with the next turn itself."""
    if not worker_on_it and worker_needed(match_id, version, match):
        enqueue(match_id, version)
