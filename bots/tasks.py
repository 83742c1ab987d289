"""Celery tasks that play bot seats (docs/architecture.md §3.6).

Three queues, each with workers of its own: webhook turns on ``settings.BOT_WEBHOOK_QUEUE``
(routed in config/settings.py), so a webhook that takes its whole timeout, at any number of
tables, holds up no built-in bot; the turns and clocks of tables where a person sits on
``settings.BOT_PEOPLE_QUEUE`` (queue_for), so a person waits behind no tournament on autopilot
and no ladder's bot tables; everything else (bot tables, rounds, standings) on the default queue.
"""

import logging
from datetime import datetime, timedelta

import kombu.exceptions
from celery import current_app, shared_task
from django.conf import settings
from django.db.models import Exists, F, OuterRef
from django.utils import timezone

from games import outages
from games.models import Event, Match, Seat
from games.service import clocks, states

from . import events, runner
from .models import Bot, Turn

logger = logging.getLogger(__name__)

UNREAD = object()


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def play_bot_turns(match_id, version):
    """Play the bot turns of ``match_id`` due at ``version``; a stale or repeated task does nothing."""
    runner.run_turns(match_id, version, hand_off_webhook=enqueue_webhook, schedule_deadline=arm_deadline)


# People's clocks (games.service.clocks). A match has at most one deadline task pending, and
# ``Match.clock_wake_at`` says when it wakes. Woken, the task plays the turn it was queued for if
# that turn's time is up, then arms the deadline of whatever person's turn is at the head now,
# queueing itself again. So at a table of people with a five-minute clock, a move publishes
# nothing while the pending task wakes before the new turn's earliest deadline: one message per
# match every few minutes, not two per move (a publish, then the countdown's). A lost task is
# found by the next move (its wake time long past) or by the beat sweep (sweep_people).


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def person_turn_deadline(match_id, version, wake=None):
    """A turn at ``version`` may have reached its deadline: play its fallback (a person's, or a
    polling bot's: runner.turn_deadline), then arm the deadline of the turn now at the head.
    ``wake`` is when this task was armed to wake: a task that is no longer the pending one
    (another was armed since) stops after its turn. (Its name is older than bots' clocks.)"""
    runner.turn_deadline(match_id, version)
    pending = Match.objects.filter(pk=match_id).values_list("clock_wake_at", flat=True).first()
    if pending is not None and wake is not None and pending != datetime.fromisoformat(wake):
        return
    rearm_deadline(match_id)


def rearm_deadline(match_id, tries=3):
    """Arm the deadline of the turn at the match's head (its exact deadline: a person's move
    time, bank or timed question; a polling bot's pick-up or answer deadline), or note that
    none is pending when no clock runs there. Each write names the head it was worked out for;
    a move in between makes it try again."""
    for _ in range(tries):
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            return
        deadline = head_deadline(match) if match.status == Match.Status.LIVE else None
        if deadline is None:
            if Match.objects.filter(pk=match_id, version=match.version).update(clock_wake_at=None):
                return
            continue
        if publish_deadline(match_id, match.version, deadline + DEADLINE_LATE):
            return


def head_deadline(match):
    """When the turn at the live match's head runs out, or None when no clock runs there: a
    polling bot's pending turn's deadline, else a person's (games.service.clocks)."""
    turn = Turn.objects.filter(
        match=match, version=match.version, status=Turn.Status.PENDING, bot__kind=Bot.Kind.POLLING
    ).values_list("deadline", flat=True)
    if turn:
        return turn[0]
    person = clocks.person_turn(match, states.current_state(match))
    return person["deadline"] if person is not None else None


def arm_deadline(match_id, version, seconds, pending=UNREAD):
    """Make sure a deadline task wakes within ``seconds`` from now for the turn at ``version``
    (a person's, or a polling bot's): nothing is published when the pending one wakes by then (and not so long ago
    that it must have been lost). ``pending`` is the row's ``clock_wake_at`` when the caller
    has the row as its action wrote it; else it is read."""
    now = timezone.now()
    wake = now + timedelta(seconds=seconds) + DEADLINE_LATE
    if pending is UNREAD:
        pending = Match.objects.filter(pk=match_id).values_list("clock_wake_at", flat=True).first()
    if pending is not None and now - lost_after() <= pending <= wake:
        return False
    return publish_deadline(match_id, version, wake)


def publish_deadline(match_id, version, wake):
    """Note the task's wake time on the row if it is still at ``version``, then queue it."""
    if not Match.objects.filter(pk=match_id, version=version).update(clock_wake_at=wake):
        return False  # moved on: whoever wrote the newer head arms its deadline
    queue_deadline(match_id, version, wake)
    return True


def queue_deadline(match_id, version, wake):
    person_turn_deadline.apply_async(args=[match_id, version, wake.isoformat()], eta=wake, queue=queue_for(match_id))


# A deadline task wakes a little after the deadline, so that it finds the time up.
DEADLINE_LATE = timedelta(seconds=0.05)


def lost_after():
    """How long past its wake time a pending deadline task may still be at work; beyond it, it
    is taken as lost and the next move arms another."""
    return timedelta(seconds=max(30.0, 10 * settings.PERSON_CLOCK_GRACE_SECONDS))


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def play_webhook_turn(match_id, version):
    """Call the webhook bot whose turn ``match_id`` is at ``version`` (on the webhook queue)."""
    runner.run_webhook_turn(match_id, version)


def enqueue(match_id, version, people_seated=None):
    play_bot_turns.apply_async(args=[match_id, version], queue=queue_for(match_id, people_seated))


def queue_for(match_id, people_seated=None):
    """The queue of a match's worker tasks: where a person sits, the people's queue
    (settings.BOT_PEOPLE_QUEUE), so that their game never waits behind the bot tables that keep
    the default queue busy (a tournament on autopilot, the ladder); else None, the default queue.
    ``people_seated`` is what the caller already knows (a person's action: yes); else one
    query asks. A seat a house bot took over from a person still counts: the person may be
    watching, or come back."""
    if people_seated is None:
        people_seated = Seat.objects.filter(match_id=match_id, user__isnull=False).exists()
    return settings.BOT_PEOPLE_QUEUE if people_seated else None


def enqueue_webhook(match_id, version):
    play_webhook_turn.apply_async(args=[match_id, version])  # to BOT_WEBHOOK_QUEUE (CELERY_TASK_ROUTES)


# A webhook bot's events and pings (bots.events) go out on the webhook queue too: each call has
# the turn's hard deadline, and a bot that hangs holds up only the webhook workers' pool.
@shared_task(name=events.DELIVER_TASK, ignore_result=True)
def deliver_bot_event(event_id):
    """POST a webhook bot's event to it, signed (bots.events.deliver)."""
    events.deliver(event_id)


@shared_task(name=events.PING_TASK, ignore_result=True)
def ping_webhook_bot(bot_id):
    """Send a webhook bot a signed ping and keep its answer (bots.events.ping)."""
    bot = Bot.objects.filter(pk=bot_id, kind=Bot.Kind.WEBHOOK, is_active=True).first()
    if bot is not None:
        events.ping(bot)


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
    """The backstop of people's clocks: a person's turn past its deadline (its deadline task
    was lost) is played for them here and the match's clock armed again; a person's seat a
    house bot took over and nobody is playing is enqueued. A turn younger than the shortest
    clock is not even looked at."""
    late = timedelta(seconds=settings.PERSON_CLOCK_GRACE_SECONDS)
    youngest = now - timedelta(seconds=settings.TIMED_QUESTION_SECONDS) - late
    due_to_people = Match.objects.filter(
        status=Match.Status.LIVE, to_act__isnull=False, seats__index=F("to_act"), seats__user__isnull=False
    )
    for match in due_to_people:
        started = clocks.turn_started(match)
        if started is None or started > youngest:
            continue
        state = states.current_state(match)
        turn = clocks.person_turn(match, state)
        if turn is None:
            if runner.seat_record(runner.platform_rows(match), match.to_act)[1]:
                enqueue(match.pk, match.version)  # a house bot holds the seat: it plays on
        elif turn["deadline"] < now - late:
            runner.person_deadline(match.pk, match.version)
            rearm_deadline(match.pk)  # its task was lost: the match's clock gets one again


# What a committed change asks of the worker (worker_needed).
BOTS = "bots"  # a machine may be to act: a task plays on (and arms a person's deadline it reaches)
CLOCK = "clock"  # people only, with a clock: the person's deadline is armed


def worker_needed(announced):
    """What the committed change ``announced`` (a games.hooks.MatchAdvanced) asks of the
    worker: BOTS when a machine plays a seat (a bot sits at the table, or a seat was ever
    handed to a house bot), CLOCK when only people play and a person's clock runs (a move
    time, a timed question), else None.

    Asked after every action, so it costs as little as it can: the match row as the change
    wrote it (``announced.row``) with what the change learnt of the table
    (``announced.machines_seated``) answers with no query; otherwise one query on the match row
    says whether a bot sits at it or a seat was ever handed over. The phase comes from the
    state this process just applied (its cache).
    """
    match_id, match = announced.match_id, announced.row
    if match is not None:
        if match.status != Match.Status.LIVE or match.to_act is None:
            return None
        if announced.machines_seated is not None:
            return BOTS if announced.machines_seated else clock_runs(match)
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
        return None
    if match.has_bots or match.handed_over:
        return BOTS  # a handed-over seat given back by a ruling is looked at once for nothing
    return clock_runs(match)


def clock_runs(match):
    """CLOCK when a person's turn at the live match's head has a clock, else None."""
    return CLOCK if shortest_turn_seconds(match) is not None else None


def shortest_turn_seconds(match):
    """The least time the turn at the head may have (the timed question's, or the move time:
    a bank only adds to it), or None when no clock runs there."""
    timed = clocks.timed_question_seconds(getattr(states.current_state(match), "phase", None))
    return timed if timed is not None else match.move_seconds


def on_match_advanced(announced):
    """A match moved on (a games.hooks.MATCH_ADVANCED receiver, told after the commit). Where a
    machine plays a seat, a task looks at whose turn it is (and arms a person's deadline when it
    comes to one); at a table of people with a clock, the person's deadline is armed here, which
    publishes nothing while the match's pending deadline task wakes in time. Nothing is queued
    when ``announced.worker_on_it``: the task that made the change (a built-in run,
    bots.runner.play_builtin_run) deals with the next turn itself."""
    if announced.worker_on_it:
        return
    need = worker_needed(announced)
    broker = str(current_app.conf.broker_url)
    if need is None or BROKER_OUTAGE.resting(broker):
        return
    match_id, version = announced.match_id, announced.version
    try:
        hand_off(need, announced)
    except BROKER_DOWN as e:
        # The change has committed and must still answer. Once the broker is back the beat
        # sweep (sweep_stalled_turns) queues a bot's turn again, and a person's deadline noted
        # on the row and never queued is taken as lost (lost_after) and armed again by the
        # next move or the sweep (sweep_people). Meanwhile hand-offs rest, so that an outage
        # costs one failed connection per rest, not one per move.
        BROKER_OUTAGE.failed(broker)
        logger.warning("could not hand match %s's turn at version %s to the workers: %s", match_id, version, e)


# What a broker that cannot be reached raises from apply_async (kombu wraps its transport's).
BROKER_DOWN = (kombu.exceptions.OperationalError, OSError)
BROKER_OUTAGE = outages.Rest(5.0)  # per broker URL: hand-offs are not tried while it rests


def hand_off(need, announced):
    """Queue what the match at the announced version needs of the workers (on_match_advanced)."""
    match_id, version = announced.match_id, announced.version
    if need == BOTS:
        enqueue(match_id, version, announced.people_seated)
    elif need == CLOCK:
        written = announced.row
        if written is None:
            written = Match.objects.filter(pk=match_id).first()
            if written is None:
                return
        pending = written.clock_wake_at if written.version == version else UNREAD
        arm_deadline(match_id, version, shortest_turn_seconds(written), pending)
