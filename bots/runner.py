"""Playing bot seats: getting a bot's action and submitting it through the match service.

``run_turns(match_id, version)`` is what the Celery task runs. Built-in bots decide in the
worker; a table of them keeps playing in the same task for a time slice instead of paying a
queue round trip per card. A webhook bot's turn is handed to a task on the webhook queue
(``run_webhook_turn``), whose workers do nothing but wait on bots' servers, so a slow or
hostile webhook never holds up the workers that play built-in bots; a polling bot's turn
waits in the Turn table for the bot to fetch it. A fault (timeout, connection error, non-2xx,
non-JSON, oversized or illegal answer) gets the deterministic fallback, recorded with its
reason; after ``BOT_FAULT_LIMIT`` faults in a match the seat is handed to the built-in
heuristic for the rest of the match. Both are events in the match's stream.

People have clocks too (issue 19, games.service.clocks): the match's pending deadline task (bots.tasks,
one at a time per match) runs ``person_deadline`` when it wakes; past the deadline it records the same fallback (reason
"timeout"), and after the match's strike limit a house bot plays the seat as a seat_taken_over
event, here in ``run_turns`` as a faulty bot's seat is played, until a ruling returns it. A
timed question (the misdeal question) gets its default answer at its fixed delay instead,
for every person alike, with no fallback event and no strike (docs/misdeal-question.md).
"""

import random
import time
import uuid
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.engine import RULESETS
from games.errors import ServiceError
from games.models import Event, Match, Seat
from games.service import access, announcement, clocks, playing, states

from . import events
from .house import house_bot
from .models import Bot, Turn
from .turn_channel import announce_turn
from .webhook import BotFault, call

MOVED_ON = ("version_conflict", "match_over", "not_your_turn")  # the turn is no longer this task's


def setting(name, default):
    return getattr(settings, name, default)


def actor(bot):
    return f"bot:{bot.pk}"


def platform_rows(match):
    """The match's platform events (fallbacks, hand-overs): few, so read without the rest."""
    return list(Event.objects.filter(stream=match.stream, type__in=states.PLATFORM_EVENTS).order_by("version"))


def seat_record(rows, seat):
    """(faults so far, taken over?) for ``seat``, read from the match's own log; a ruling's
    seat_returned gives the seat back with its count started afresh."""
    faults, taken = 0, False
    for r in rows:
        if r.payload.get("seat") != seat:
            continue
        if r.type == "action_fallback":
            faults += 1
        elif r.type == "seat_taken_over":
            taken = True
        elif r.type == "seat_returned":
            faults, taken = 0, False
    return faults, taken


def turn_request(match, seat, version, state, request_id, deadline):
    """The JSON a bot gets for a turn, by webhook or by polling (docs/bots.md "The turn request"):
    ``deadline`` is when the answer is due, its clock started when the bot could first see the
    turn (``start_clock``), and ``timeout_seconds`` the whole time it had from then."""
    view = access.seat_view(match, seat, state)
    return {
        "request_id": str(request_id),
        "match": match.pk,
        "seat": seat,
        "version": version,
        "deadline": deadline.isoformat(),
        "timeout_seconds": match.bot_turn_timeout,
        "pickup_seconds": setting("BOT_PICKUP_SECONDS", 5.0),
        "view": view,
        "legal_actions": view["legal_actions"],
        "previous_receipt": previous_receipt(match, seat, version),
    }


def previous_receipt(match, seat, version):
    """The receipt of the seat's last answer the match accepted before ``version`` (None before
    its first): as it was signed when accepted, kept on its turn (``settle``), never re-made
    from the log as it stands now (after a rollback that would prove nothing)."""
    return (
        Turn.objects.filter(match=match, seat=seat, version__lt=version, status=Turn.Status.DONE, receipt__isnull=False)
        .order_by("-version")
        .values_list("receipt", flat=True)
        .first()
    )


def run_turns(match_id, version, hand_off_webhook=None, schedule_deadline=None):
    """Play the bot turns due at ``version``.

    Built-in bots (and a person's seat a house bot has taken over) play a run of moves in one
    transaction (``play_builtin_run``), announced once it is stored. A run cut by its time is
    played on by the next task, which its announcement queues; the turn that ended any other
    run is dealt with here, without a queue hop. A webhook bot's turn
    goes to ``hand_off_webhook(match_id, version)`` (the Celery task queues it on the webhook
    queue); without one it is played here, as tests and tools do. A person's turn with a clock
    goes to ``schedule_deadline(match_id, version, seconds)`` (the Celery task arms the
    match's deadline task for then, bots.tasks.arm_deadline).
    """
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return
    # Read once per task: who holds each seat, and the seats' faults and hand-overs so far.
    holders = {s.index: s.bot for s in Seat.objects.filter(match=match).select_related("bot")}
    platform = platform_rows(match)
    while True:
        if match.status == Match.Status.OVER or match.version != version:
            return  # stale: this turn was played already, or the match moved on
        state = states.current_state(match)
        seat = state.to_act
        if house_strategy(match, holders, platform, seat) is not None:
            try:
                match, queued = play_builtin_run(match, version, holders, platform)
            except ServiceError as e:
                if e.code not in MOVED_ON:
                    raise
                return  # another task (a redelivery, the sweep) played this turn first
            if queued:
                return  # the run's time was up: its announcement queued the next task
            version = match.version
            continue  # the match ended, or a person's or an outside bot's turn: dealt with below
        bot = holders.get(seat)
        if bot is None:
            if schedule_deadline is not None:
                turn = clocks.person_turn(match, state)
                if turn is not None:
                    schedule_deadline(match_id, version, seconds_until(turn["deadline"]))
            return  # a person's turn
        if bot.kind == Bot.Kind.WEBHOOK:
            if hand_off_webhook is not None:
                hand_off_webhook(match_id, version)
            else:
                webhook_turn(match, bot, seat, version, state, seat_record(platform, seat)[0])
            return
        # A polling bot fetches its turn (a poll, its stream). The match's deadline task wakes
        # when the turn could first run out: at its pick-up deadline, or its timeout from now if
        # it is handed out at once; woken before its real deadline, the task arms that one
        # (bots.tasks.rearm_deadline), so handing a turn out costs its server no message. Past
        # its deadline, turn_deadline plays the fallback; the beat sweep is the backstop.
        turn = open_turn(match, bot, seat, version)
        if turn is not None and turn.delivered_at is None and schedule_deadline is not None:
            schedule_deadline(match_id, version, min(seconds_until(turn.deadline), match.bot_turn_timeout))
        return


def house_strategy(match, holders, platform, seat):
    """The built-in strategy that plays ``seat`` in the worker, or None when it is a person's or
    an outside bot's turn: a built-in bot's own, or the ruleset's takeover policy for a seat
    handed over (a faulty bot's, a person's who left or ran out of time)."""
    if seat_record(platform, seat)[1]:
        return takeover_policy(match)
    bot = holders.get(seat)
    return bot.strategy if bot is not None and bot.kind == Bot.Kind.BUILTIN else None


def play_builtin_run(match, version, holders, platform):
    """Built-in bots play on from ``version`` in one transaction (playing.do_play_run): until
    a person's or an outside bot's turn, the end of the match, or BOT_TIME_SLICE_SECONDS. One
    commit for the run, not one per card, so a table of house bots goes at the speed of the
    engine and the bots; every move is still its own events and hashes in the log.

    Returns (the match row as written, whether the announcement queued the next task)."""
    started = time.monotonic()
    slice_seconds = setting("BOT_TIME_SLICE_SECONDS", 0.5)
    taken_by = {}  # the house bot that plays each seat handed over, looked up once

    def next_move(match, state, at, reveal_finished):
        seat = state.to_act
        strategy = house_strategy(match, holders, platform, seat)
        if strategy is None or (at > version and time.monotonic() - started >= slice_seconds):
            return None
        bot = holders.get(seat)
        if seat_record(platform, seat)[1]:
            bot = taken_by.setdefault(seat, house_bot_for(match))
        return actor(bot), seat, builtin_choice(match, seat, at, state, strategy, reveal_finished)

    written = playing.do_play_run(match.pk, version, next_move, announce=False)
    if written is None:
        return match, False
    # A run cut by its time leaves a built-in bot to play on: the announcement queues the next
    # task (to the back of the queue, behind other tables). Any other turn that ended it (a
    # person's, an outside bot's) this task deals with at once, so no queue hop delays it.
    played_on = written.status == Match.Status.LIVE and (
        house_strategy(written, holders, platform, written.to_act) is not None
    )
    # Announced here, not by do_play_run, because only now is it known whether this task deals
    # with the next turn itself (worker_on_it: then the bots' receiver queues nothing). The
    # service's one emitter waits for the commit; the task's transaction was its own, so the
    # receivers are told at once (a tournament whose table finished, the table's watchers). A
    # built-in run is machines playing: the receivers need not ask whether any sit here.
    announcement.announce_after_commit(written, machines_seated=True, worker_on_it=not played_on)
    return written, played_on


def builtin_choice(match, seat, version, state, strategy, reveal_finished=None):
    """The action ``strategy`` takes for ``seat`` at ``version``, from that seat's view alone."""
    from .strategies import choose_action  # the strategies load their engine helpers only in workers

    # Seeded by match and version: a retried turn makes the same choice.
    rng = random.Random(f"{match.pk}/{version}/{seat}")
    return choose_action(strategy, access.seat_view(match, seat, state, reveal_finished=reveal_finished), rng)


def play_builtin(match, bot, seat, version, state, strategy):
    """One move of a built-in strategy, committed on its own (tools and tests step a match with it)."""
    action = builtin_choice(match, seat, version, state, strategy)
    # No command id: the expected version already makes a repeated turn a conflict.
    return playing.do_act(match.pk, actor(bot), lambda m: seat, action, version, announce=False)


def house_bot_for(match):
    """The house bot that plays a person's seat taken over: the ruleset's takeover policy."""
    return house_bot(takeover_policy(match))


def seconds_until(moment):
    return max(0.0, (moment - timezone.now()).total_seconds())


def turn_deadline(match_id, version):
    """The match's deadline task woke for the turn at ``version`` (bots.tasks): a polling bot's
    turn past its deadline gets its fallback now, as a fault: ``not_picked_up`` if the bot never
    fetched it within the pick-up window, ``timeout`` if it did and did not answer in time. A
    person's turn is ``person_deadline``'s. Does nothing before the deadline (the task then
    arms the exact one) or once the turn is settled. Idempotent by version."""
    turn = (
        Turn.objects.filter(match_id=match_id, version=version, status=Turn.Status.PENDING, bot__kind=Bot.Kind.POLLING)
        .select_related("match", "bot")
        .first()
    )
    if turn is None:
        return person_deadline(match_id, version)
    if turn.deadline > timezone.now():
        return None
    faults = seat_record(platform_rows(turn.match), turn.seat)[0]
    fall_back(turn.match, turn.bot, turn.seat, turn, "timeout" if turn.delivered_at else "not_picked_up", faults)
    return None


def person_deadline(match_id, version):
    """A person's turn at ``version`` has reached its deadline: play it for them.

    Does nothing when the match has moved on or the turn is no longer a person's with a clock,
    nor before the deadline (a task woken early, a bank the clock had not counted: the task
    then arms the exact deadline, bots.tasks.rearm_deadline). A timed question gets its default
    answer, as the clock's, with no fallback event and no strike; any other turn the first
    legal action after an ``action_fallback`` (reason "timeout"), and at the strike limit the
    seat is handed to a house bot (seat_taken_over, reason "timeouts"). Idempotent by version.
    """
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status == Match.Status.OVER or match.version != version:
        return None
    state = states.current_state(match)
    turn = clocks.person_turn(match, state)
    if turn is None:
        return None
    if seconds_until(turn["deadline"]) > 0:
        return None
    seat, record = turn["seat"], turn["record"]
    action, before, after = turn["timed"], [], []
    if action is None:
        action = playing.FALLBACK
        before = [{"type": "action_fallback", "seat": seat, "reason": "timeout"}]
        if clocks.clock_rules.takes_over(clocks.rules_of(match), record):
            after = [
                {
                    "type": "seat_taken_over",
                    "seat": seat,
                    "by": takeover_policy(match),
                    "reason": clocks.clock_rules.TIMEOUTS,
                }
            ]
    try:
        return playing.do_act(
            match.pk,
            "clock",
            lambda m: seat,
            action,
            version,
            command_id=f"clock-{version}",
            before=before,
            after=after,
        )
    except ServiceError as e:
        if e.code in MOVED_ON:
            return None  # the person acted just in time, or another task got here first
        raise


def run_webhook_turn(match_id, version):
    """Call the webhook bot whose turn is due at ``version``: what the webhook queue's task runs.

    Does nothing when the match has moved on, the seat is no longer the webhook's (taken over),
    or another task is calling the bot for this turn right now (a redelivery, the sweep).
    """
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status == Match.Status.OVER or match.version != version:
        return
    state = states.current_state(match)
    seat = state.to_act
    holder = Seat.objects.filter(match=match, index=seat, bot__kind=Bot.Kind.WEBHOOK).select_related("bot").first()
    if holder is None:
        return
    faults, taken = seat_record(platform_rows(match), seat)
    if not taken:
        webhook_turn(match, holder.bot, seat, version, state, faults)


def webhook_turn(match, bot, seat, version, state, faults):
    turn, created = open_turn(match, bot, seat, version, created=True)
    # A pending turn still within its deadline is being played by the task that opened it;
    # past it, that task was lost (a killed worker, a lost message) and this one calls again.
    if turn is not None and (created or turn.deadline <= timezone.now()):
        play_webhook(match, bot, seat, turn, state, faults)


def open_turn(match, bot, seat, version, created=False):
    """The pending Turn for this version (created once), or None if it is already settled;
    with ``created=True``, (turn, whether this call created it). Its ``deadline`` is first the
    pick-up deadline: its clock starts when the bot can see it (``start_clock``)."""
    try:
        with transaction.atomic():
            turn, made = Turn.objects.get_or_create(
                match=match,
                version=version,
                defaults={
                    "request_id": uuid.uuid4(),
                    "bot": bot,
                    "seat": seat,
                    "deadline": timezone.now() + timedelta(seconds=setting("BOT_PICKUP_SECONDS", 5.0)),
                },
            )
            if made:  # its stream hears of it on commit
                announce_turn(bot)
    except IntegrityError:
        turn, made = Turn.objects.get(match=match, version=version), False
    turn = turn if turn.status == Turn.Status.PENDING else None
    return (turn, made) if created else turn


def start_clock(turn, match, now=None):
    """The bot can see ``turn`` from ``now``: its answer is due the match's whole turn timeout
    later, whatever the protocol (docs/bots.md, "The turn's clock"). A webhook's clock starts as
    its request is sent; a task calling again for a turn whose first call was lost (a killed
    worker) starts it afresh, as the bot never had that time."""
    now = now or timezone.now()
    deadline = now + timedelta(seconds=match.bot_turn_timeout)
    Turn.objects.filter(pk=turn.pk, status=Turn.Status.PENDING).update(delivered_at=now, deadline=deadline)
    turn.delivered_at, turn.deadline = now, deadline
    return turn


def deliver(turn, now=None):
    """``turn`` as a poll or a stream hands it out, or None when it may not be: settled, or past
    its deadline (its fallback is the deadline task's to play, never the bot's to race). The
    first hand-out starts its clock (``start_clock``); a turn handed out before keeps its own."""
    now = now or timezone.now()
    if turn.status != Turn.Status.PENDING or turn.deadline <= now:
        return None
    if turn.delivered_at is not None:
        return turn
    deadline = now + timedelta(seconds=turn.match.bot_turn_timeout)
    started = Turn.objects.filter(
        pk=turn.pk, status=Turn.Status.PENDING, delivered_at__isnull=True, deadline__gt=now
    ).update(delivered_at=now, deadline=deadline)
    if started:
        turn.delivered_at, turn.deadline = now, deadline
        return turn
    turn.refresh_from_db()  # another poll or stream handed it out first, or it has just expired
    return turn if turn.status == Turn.Status.PENDING and turn.deadline > now else None


def play_webhook(match, bot, seat, turn, state, faults):
    start_clock(turn, match)
    request = turn_request(match, seat, turn.version, state, turn.request_id, turn.deadline)
    try:
        # An unopenable key (the database moved without its settings key) is no fault of the
        # bot's: SealedKeyError fails the task loudly and the turn stays pending for the sweep.
        action = call(bot.url, bot.signing_key(), request, match.bot_turn_timeout)
    except BotFault as fault:
        fall_back(match, bot, seat, turn, fault.reason, faults, facts=fault.facts)
        return
    answered = {"status": 200, "seconds": round((timezone.now() - turn.delivered_at).total_seconds(), 3)}
    submit_answer(match, bot, seat, turn, action, faults, answered)


def submit_answer(match, bot, seat, turn, action, faults, facts=None):
    """Submit a bot's answer for its turn; an illegal one is a fault like any other, its facts
    (``facts``, with the action received, the engine's refusal and the legal actions then) kept
    on the turn for its owner."""
    try:
        # The action and its turn's "done" commit together: a poll between them would otherwise
        # see the turn pending at a version the match has left, and mark it stale. The turn
        # keeps the answer's receipt, in the same statement.
        with transaction.atomic():
            answer = playing.do_act(
                match.pk, actor(bot), lambda m: seat, action, turn.version, command_id=str(turn.request_id)
            )
            settle(turn, Turn.Status.DONE, receipt=answer["receipt"])
    except ServiceError as e:
        if e.status == 422 or e.code == "invalid_input":
            refused = {
                **(facts or {}),
                "received": action,
                "refusal": {"code": e.code, "message": e.message, "reason": e.details.get("reason")},
                "legal_actions": e.details.get("legal_actions"),
            }
            fall_back(match, bot, seat, turn, "illegal_action", faults, facts=refused)
            return
        if e.code in MOVED_ON:
            settle(turn, Turn.Status.STALE)
            return
        raise


def takeover_policy(match):
    """The built-in strategy that plays a seat whose bot has failed too often: the ruleset's own."""
    return RULESETS[match.ruleset].takeover_policy


def fall_back(match, bot, seat, turn, reason, faults, facts=None):
    """The game's fallback move, recorded with the fault's reason (the match's log holds the
    reason alone; ``facts``, what the bot sent, stay on its turn for its owner); the seat is
    handed over at the limit."""
    limit = setting("BOT_FAULT_LIMIT", 3)
    before = [{"type": "action_fallback", "seat": seat, "reason": reason, "request_id": str(turn.request_id)}]
    after = []
    if faults + 1 >= limit:
        after = [
            {
                "type": "seat_taken_over",
                "seat": seat,
                "by": takeover_policy(match),
                "reason": f"{faults + 1} faults in this match",
            }
        ]
    try:
        with transaction.atomic():  # the fallback and its turn's fault commit together (submit_answer)
            playing.do_act(
                match.pk,
                actor(bot),
                lambda m: seat,
                playing.FALLBACK,
                turn.version,
                command_id=f"fallback-{turn.request_id}",
                before=before,
                after=after,
            )
            settle(turn, Turn.Status.FAULTED, reason, facts=facts)
            if after:  # the bot hears that it lost the seat, with its faults (docs/bots.md)
                events.record_taken_over(match, bot, seat, after[0]["reason"], after[0]["by"], turn.version)
    except ServiceError as e:
        if e.code in MOVED_ON:
            settle(turn, Turn.Status.STALE)
            return
        raise


def settle(turn, status, fault="", receipt=None, facts=None):
    Turn.objects.filter(pk=turn.pk, status=Turn.Status.PENDING).update(
        status=status, fault=fault, finished_at=timezone.now(), receipt=receipt, fault_facts=facts
    )
