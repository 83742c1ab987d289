"""Playing a match: the one path by which people and bots change a match (``do_act``), a run of
built-in bots' moves (``do_play_run``), and the pieces they share: the match's row lock, the
engine's refusals, the append of the moves' events."""

import typing

from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import engine, refusals, sql_once
from games.engine.redact import redact_events
from games.errors import EngineRefusal, ServiceError
from games.models import CommandResult, Event, Match, Seat
from games.record import eventlog, receipts
from games.service import access, announcement, states


def engine_refusal(error, status=400, **details):
    """A ServiceError for an engine error: its code, the sentence people read for it
    (games.refusals), and ``details``."""
    msgid, params = refusals.reason(error)
    return EngineRefusal(status, error.code, msgid, **params, **details)


def actor_key(user):
    return f"user:{user.pk}"


# Stands for the ruleset's fallback action (``Ruleset.fallback``: the first legal action in canonical
# order, or a shedding game's end of turn), the deterministic move of a missed turn.
FALLBACK = object()


# The seat a user holds with the last hand-over of it (seat_taken_over or seat_returned), in one
# query on the platform events' own index. Written out, not built by the ORM on each action: the
# query is fixed and the action path is hot. Only the JSON path differs between the databases.
SEAT_AND_LAST_HAND_OVER = """
SELECT s."index", (
    SELECT e.type FROM {event} e
    WHERE e.stream = %s AND e.type IN ('seat_taken_over', 'seat_returned') AND {event_seat} = s."index"
    ORDER BY e.version DESC LIMIT 1
), EXISTS (SELECT 1 FROM {seat} b WHERE b.match_id = s.match_id AND b.bot_id IS NOT NULL)
   OR EXISTS (SELECT 1 FROM {event} h WHERE h.stream = %s AND h.type = 'seat_taken_over')
FROM {seat} s WHERE s.match_id = %s AND s.user_id = %s ORDER BY s."index" LIMIT 1
"""
EVENT_SEAT = {"postgresql": "(e.payload ->> 'seat')::integer", "sqlite": "json_extract(e.payload, '$.seat')"}


class Seated(typing.NamedTuple):
    """The seat an actor holds, as a seat check found it, with what the check learnt of the
    table on its way: whether a machine plays any seat of it (None: not asked), and whether a
    person sits at it (a seat check for a person's action: yes)."""

    seat: int
    machines_seated: bool | None = None
    people_seated: bool | None = None


def check_seat(match, user):
    """The Seated ``user`` holds in ``match`` (403 if none; 409 if a house bot plays it now).

    The same query says whether any seat of the table is played by a machine (a bot sits at it,
    or a seat was ever handed to a house bot); the action's announcement carries it
    (MatchAdvanced.machines_seated), so that its receivers (bots.tasks.worker_needed) need not
    ask again."""
    sql = SEAT_AND_LAST_HAND_OVER.format(
        event=Event._meta.db_table, seat=Seat._meta.db_table, event_seat=EVENT_SEAT[connection.vendor]
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [match.stream, match.stream, match.pk, user.pk])
        found = cursor.fetchone()
    if found is None:
        raise ServiceError("not_your_seat")
    seat, last, machines = found
    if last == "seat_taken_over":
        # The house bot plays it now (the person left, or ran out of time): one hand, one player.
        raise ServiceError("seat_taken_over")
    return Seated(seat, bool(machines), people_seated=True)


def check_action_shape(action, expected_version, command_id):
    if not isinstance(action, dict):
        raise ServiceError("invalid_input", problem=_("'action' must be a JSON object with a 'type'"))
    if type(expected_version) is not int or expected_version < 0:
        raise ServiceError(
            "invalid_input", problem=_("'expected_version' must be the non-negative version you last saw")
        )
    if command_id is not None and (not isinstance(command_id, str) or not 1 <= len(command_id) <= 100):
        raise ServiceError("invalid_input", problem=_("'command_id' must be a string of 1 to 100 characters"))


def submit_action(match_id, user, action, expected_version, command_id=None):
    """Validate ``action`` for ``user``'s seat and append the events it produces.

    Returns ``{"version", "status", "events", "receipt"}`` (the new events, redacted for the
    actor, and the signed receipt of the new head: games.record.receipts). Refusals raise ServiceError
    and store nothing. A retried ``command_id`` returns the first answer, receipt included.
    """
    check_action_shape(action, expected_version, command_id)
    return do_act(
        match_id, actor_key(user), lambda match: check_seat(match, user), action, expected_version, command_id
    )


def do_act(match_id, actor, seat_of, action, expected_version, command_id=None, before=(), after=(), announce=True):
    """The one path that changes a match: check, apply with the engine, append, announce.

    ``seat_of(match)`` returns the seat the actor holds (or raises ServiceError): its index, or
    a Seated when the check learnt more of the table (check_seat), which the announcement
    carries. ``action``
    may be FALLBACK (a missed turn's move). ``before``/``after`` are platform events appended
    around the engine's (a fallback's reason, a seat hand-over), in the same transaction.
    With ``announce=False`` the caller announces the final version itself.
    """
    with transaction.atomic():
        match = locked_match(match_id)
        if command_id is not None:
            done = CommandResult.objects.filter(stream=match.stream, actor=actor, command_id=command_id).first()
            if done is not None:
                return done.response
        seated = seat_of(match)
        seated = seated if isinstance(seated, Seated) else Seated(seated)
        seat = seated.seat
        check_live(match, expected_version)
        state = states.taken_state(match)
        new_events = [*before, *apply_move(match, state, seat, action), *after]
        rows = write_moves(match, state, [(new_events, {"actor": actor, "seat": seat, "command_id": command_id}, None)])
        # The new events alone suffice: a deal they start can only have ended within them.
        # A seat's own answer: finished deals shown as to the table (access.seat_view), so never the
        # cards of a board another table is still playing. The receipt (games.record.receipts) is
        # signed in memory, no query: the site's word that the stream now ends at this head,
        # which the actor keeps (a rollback of the log cannot take it back); stored in the
        # command's result with the rest, so that a retried command returns the same receipt.
        response = {
            "version": match.version,
            "status": match.status,
            "events": redact_events(new_events, seat, reveal_finished=not access.cards_still_in_play(match)),
            "receipt": receipts.for_rows(rows),
        }
        if command_id is not None:
            CommandResult.objects.create(stream=match.stream, actor=actor, command_id=command_id, response=response)
        if announce:
            announcement.announce_after_commit(
                match, machines_seated=seated.machines_seated, people_seated=seated.people_seated
            )
    return response


def do_play_run(match_id, expected_version, next_move, announce=True):
    """A run of consecutive moves stored in one transaction: a table's built-in bots playing on.

    ``next_move(match, state, version, reveal_finished)`` names the next move as (actor, seat,
    action), or None to end the run (a person's or an outside bot's turn, the run's time is up);
    it sees the state as the run has played it so far, the version it stands at, and whether
    the table may see finished deals (asked once per run). Each move is checked and applied as
    ``do_act`` does. The moves are decided first, with no lock held (a search may take its
    time, and SQLite's lock is the whole database's); then, under the match's lock, the run is
    stored if the match is still where it started, each move as its own events with their own
    hashes, all in one insert, and announced once after the commit (with ``announce=False`` the
    caller does it). A run cut short (a killed worker) stores nothing; one overtaken by another
    writer is refused as a version_conflict, storing nothing. Returns the match row as written
    (None if no move was played).
    """
    start = Match.objects.filter(pk=match_id).first()
    if start is None:
        raise ServiceError("not_found", problem=_("no match %(match)s"), match=match_id)
    check_live(start, expected_version)
    state = states.taken_state(start)
    reveal = not access.cards_still_in_play(start)
    moves, version = [], start.version
    while not state.is_over:
        move = next_move(start, state, version, reveal)
        if move is None:
            break
        actor, seat, action = move
        produced = apply_move(start, state, seat, action)
        moves.append((produced, {"actor": actor, "seat": seat, "command_id": None}, timezone.now()))
        version += len(produced)
    if not moves:
        states.remember(start.pk, (start.version, start.head_hash), state)  # unchanged: back in the cache
        return None
    with transaction.atomic():
        match = locked_match(match_id)
        check_live(match, expected_version)  # else the run is dropped with the state it played on
        write_moves(match, state, moves)
        if announce:
            announcement.announce_after_commit(match)
    return match


def locked_match(match_id):
    """The match's row, locked until the transaction ends: its writers take turns. Read with
    SQL written once rather than a queryset compiled on every action (games.sql_once)."""
    match = sql_once.locked(Match, match_id)
    if match is None:
        raise ServiceError("not_found", problem=_("no match %(match)s"), match=match_id)
    return match


def check_live(match, expected_version):
    if match.status == Match.Status.OVER:
        raise ServiceError("match_over")
    if expected_version != match.version:
        raise ServiceError("version_conflict", current_version=match.version, expected=expected_version)


def apply_move(match, state, seat, action):
    """Apply ``seat``'s ``action`` (or FALLBACK) to ``state``; the engine's events, or a refusal."""
    if state.to_act != seat:
        raise ServiceError("not_your_turn", to_act=state.to_act, seat=seat)
    if action is FALLBACK:
        action = engine.RULESETS[match.ruleset].fallback(state.legal_actions())
    try:
        return state.apply(action)
    except engine.IllegalAction as e:
        rule = {"rule": e.rule} if e.rule else {}  # a card's trick rule alone, for the pages
        # ``reason`` keeps the engine's own words for programmers (which card, which legal).
        raise engine_refusal(
            e, 422, reason=e.reason, **rule, legal_actions=[dict(a) for a in state.legal_actions()]
        ) from e


def declared_events(match):
    """The event types the match's log may hold: every type its ruleset declares public or
    private (games/engine/redact.py fails closed on any other; eventlog refuses to store one)."""
    return engine.RULESETS[match.ruleset].event_types


def write_moves(match, state, moves):
    """Append the moves' events ((events, metadata, recorded_at) each) after the locked match's
    head and move the row to the new head, with ``state`` as it now stands (in the events'
    statement on PostgreSQL)."""
    at = match.version

    def move_row(last):
        match.version, match.head_hash = last.version, last.hash
        match.status = Match.Status.OVER if state.is_over else Match.Status.LIVE
        match.to_act = state.to_act
        return match, ["version", "head_hash", "status", "to_act"]

    try:
        rows = eventlog.append_runs(
            match.stream, at, moves, known_head=(at, match.head_hash), owner=move_row, declared=declared_events(match)
        )
    except eventlog.VersionConflict as e:
        # Under the row's lock only events stored past its head (a damaged log) get here.
        raise ServiceError("log_damaged", version=at) from e
    # Cached at once, not on commit: the key is the new head's hash, which commits to every
    # event, so if this transaction rolls back the entry is simply never asked for again.
    states.remember(match.pk, (match.version, match.head_hash), state)
    return rows
