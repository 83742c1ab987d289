"""The match service: the one path by which people (and, later, bots) change a match.

In the manner of Zulip's actions: ``check_*`` functions validate and raise ``ServiceError``
(a status, a machine-readable code, a message, and details); ``do_*`` functions change the
database and announce the change only once the transaction has committed. A match's state is
always the engine's replay of its event stream; nothing here edits a stored event.
"""
import secrets

import django.dispatch
from django.db import transaction

from games import engine, eventlog
from games.engine.redact import redact_events, redact_view

from .models import CommandResult, Match, Seat

# Sent after the commit that appended a match's events: (match_id, version). Bots and waiting
# clients listen; games never imports them (DESIGN.md 2).
match_advanced = django.dispatch.Signal()


class ServiceError(Exception):
    def __init__(self, status, code, message, **details):
        super().__init__(message)
        self.status, self.code, self.message, self.details = status, code, message, details

    def as_json(self):
        return {"error": {"code": self.code, "message": self.message, **self.details}}


def actor_key(user):
    return f"user:{user.pk}"


# ------------------------------------------------------------------ reading
def match_state(match, rows=None):
    """The engine state of ``match``: the replay of its stream (with the seed, to deal on)."""
    rows = eventlog.stream_events(match.stream) if rows is None else rows
    seed = bytes.fromhex(match.seed) if match.seed else None
    return engine.replay([eventlog.as_engine_event(r) for r in rows], seed=seed)


def viewer_access(match, user):
    """(seat or None, may see finished deals) for ``user`` looking at ``match`` (DESIGN.md 3.5).

    Seated players and staff (organisers, arbiters) see a deal's cards once it is over;
    anyone else sees them when the match (for a tournament: the round) is over.
    """
    seat = None
    if user is not None and user.is_authenticated:
        seat = Seat.objects.filter(match=match, user=user).values_list("index", flat=True).first()
        if seat is not None or user.is_staff:
            return seat, True
    return seat, match.status == Match.Status.OVER


def visible_state(match, user):
    state = match_state(match)
    seat, reveal = viewer_access(match, user)
    return redact_view(state, seat, reveal_finished=reveal)


def visible_events(match, user, after=0, limit=100):
    """Events with version > ``after`` (at most ``limit``), redacted for ``user``."""
    rows = eventlog.stream_events(match.stream)
    events = [eventlog.as_engine_event(r) for r in rows]
    seat, reveal = viewer_access(match, user)
    window = redact_events(events, seat, reveal_finished=reveal, start=after, stop=after + limit)
    return [{"version": after + 1 + i, "recorded_at": rows[after + i].recorded_at.isoformat(), "event": ev}
            for i, ev in enumerate(window)]


# ------------------------------------------------------------------ creating a match
def check_new_match(ruleset, options, seat_users, board, seed=None):
    if len(seat_users) != 4:
        raise ServiceError(400, "invalid_seats", "a match has exactly 4 seats (a user or null for an open seat)")
    held = [u.pk for u in seat_users if u is not None]
    if len(held) != len(set(held)):
        raise ServiceError(400, "invalid_seats", "a user can hold only one seat of a match")
    try:
        if board is None and seed is None:
            seed = secrets.token_bytes(32)
        return engine.new_game(ruleset, seed=seed, options=options, board=board)
    except engine.EngineError as e:
        raise ServiceError(400, e.code, e.message) from e


def do_create_match(ruleset, options=None, seat_users=(None, None, None, None), board=None, created_by=None,
                    seed=None):
    """Create a match, its seats and the first events of its stream; returns the Match.

    ``seed`` (bytes) fixes the deals; by default a random 32-byte seed is drawn. It stays
    secret (only its SHA-256 is in the log) until the match is over.
    """
    state = check_new_match(ruleset, options, list(seat_users), board, seed)
    start = state.events[0]
    with transaction.atomic():
        match = Match.objects.create(
            ruleset=ruleset, options=dict(state.options), board=state.board,
            seed=state.seed.hex() if state.seed else "", seed_sha256=start.get("seed_sha256", ""),
            status=Match.Status.OVER if state.is_over else Match.Status.LIVE,
            version=len(state.events), created_by=created_by)
        Seat.objects.bulk_create(Seat(match=match, index=i, user=u) for i, u in enumerate(seat_users))
        meta = {"actor": actor_key(created_by) if created_by else "system", "command": "create_match"}
        eventlog.append(match.stream, 0, state.events, meta)
        transaction.on_commit(lambda: match_advanced.send(sender=Match, match_id=match.pk, version=match.version))
    return match


# ------------------------------------------------------------------ acting
def check_seat(match, user):
    """The seat ``user`` holds in ``match`` (403 if none)."""
    seat = Seat.objects.filter(match=match, user=user).values_list("index", flat=True).first()
    if seat is None:
        raise ServiceError(403, "not_your_seat", "you hold no seat in this match")
    return seat


def check_action_shape(action, expected_version, command_id):
    if not isinstance(action, dict):
        raise ServiceError(400, "invalid_input", "'action' must be a JSON object with a 'type'")
    if type(expected_version) is not int or expected_version < 0:
        raise ServiceError(400, "invalid_input", "'expected_version' must be the non-negative version you last saw")
    if command_id is not None and (not isinstance(command_id, str) or not 1 <= len(command_id) <= 100):
        raise ServiceError(400, "invalid_input", "'command_id' must be a string of 1 to 100 characters")


def submit_action(match_id, user, action, expected_version, command_id=None):
    """Validate ``action`` for ``user``'s seat and append the events it produces.

    Returns ``{"version", "events"}`` (the new events, redacted for the actor). Refusals raise
    ServiceError and store nothing. A retried ``command_id`` returns the first answer.
    """
    check_action_shape(action, expected_version, command_id)
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:
            raise ServiceError(404, "not_found", f"no match {match_id}")
        actor = actor_key(user)
        if command_id is not None:
            done = CommandResult.objects.filter(stream=match.stream, actor=actor, command_id=command_id).first()
            if done is not None:
                return done.response
        seat = check_seat(match, user)
        if match.status == Match.Status.OVER:
            raise ServiceError(409, "match_over", "the match is over; no more actions are possible")
        if expected_version != match.version:
            raise ServiceError(409, "version_conflict", f"the match is at version {match.version}, "
                               f"not {expected_version}; reload and try again", current_version=match.version)
        rows = eventlog.stream_events(match.stream)
        state = match_state(match, rows)
        if state.to_act != seat:
            raise ServiceError(403, "not_your_turn", f"it is seat {state.to_act}'s turn, not yours (seat {seat})",
                               to_act=state.to_act)
        try:
            produced = state.apply(action)
        except engine.IllegalAction as e:
            raise ServiceError(422, e.code, e.message, reason=e.reason,
                               legal_actions=[dict(a) for a in state.legal_actions()]) from e
        eventlog.append(match.stream, match.version, produced,
                        {"actor": actor, "seat": seat, "command_id": command_id})
        before = match.version
        match.version += len(produced)
        match.status = Match.Status.OVER if state.is_over else Match.Status.LIVE
        match.save(update_fields=["version", "status"])
        response = {"version": match.version,
                    "events": redact_events(state.events, seat, reveal_finished=True, start=before)}
        if command_id is not None:
            CommandResult.objects.create(stream=match.stream, actor=actor, command_id=command_id, response=response)
        transaction.on_commit(lambda: match_advanced.send(sender=Match, match_id=match.pk, version=match.version))
    return response
