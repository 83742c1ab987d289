"""Calling the director (docs/tournaments.md, "Calling the director"): a player at one of the
tournament's tables asks for a ruling on a deal, and the organiser answers with words or with a
ruling (``rulings``). Both are events of the tournament's stream, appended, never edited:

- ``director_called``: the match, its round and table, the deal, who called (a seat held in
  person at an online table, or the table's code at a table with cards) and the note;
- ``director_answered``: the call (the version of its ``director_called``), and either a
  ``reply`` or the ``ruling`` the organiser recorded for it (the version of that ruling's event,
  a ``ruling`` or ``seat_returned`` appended just before it).

A call and its answers are the table's and the arbiters' business: they are read only by the
match's own seats (or the phones holding its table code) and by the organiser, and an organiser
who plays the board at another table neither reads nor answers a call while the board is still
played (``access.enter``, the closed rooms' one door, docs/architecture.md §3.5). The ruling an
answer records is public as every ruling is (its result is recorded, so no table still plays
its cards).
"""

import typing

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.errors import ServiceError
from games.models import Match
from games.record import eventlog
from games.service import access, states

from ..models import Tournament, TournamentTable
from . import rulings
from .stream import actor_of, append, check_organiser, locked

NOTE_MAX = 500  # characters of a call's note, and of a reply
CALLED, ANSWERED = "director_called", "director_answered"
# The events a ruling appends in the tournament's stream, which an answer may name.
RULING_EVENTS = ("ruling", "seat_returned")


class Caller(typing.NamedTuple):
    """Who calls: ``user`` (None for a phone with no account) and ``seat`` (the seat they hold
    in person), or ``table`` True when a table code opened the table (its phones speak for the
    whole table). ``actor`` is the event's actor."""

    user: typing.Any
    seat: int | None
    table: bool
    actor: str


# ------------------------------------------------------------------ calling
def tournament_table(tournament, match_id):
    """The tournament's table that played ``match_id``, or 404."""
    table = (
        TournamentTable.objects.select_related("match").filter(tournament=tournament, match_id=match_id).first()
        if type(match_id) is int
        else None
    )
    if table is None:
        raise ServiceError("not_found", problem=_("no match %(match)s in this tournament"), match=match_id)
    return table


def check_caller(match, user, door=None, device_actor=None):
    """The Caller at ``match``: through a table code's ``door`` (games.service.score_tables.door,
    which already refused a closed room's outsider), its phones; else a person who holds one of
    its seats in person (403 ``not_your_seat`` for anyone else, a spectator or the organiser
    included)."""
    signed_in = access.signed_in(user)
    if door is not None:
        if door.match.pk != match.pk:
            raise ServiceError("invalid_input", problem=_("the table code opens another table than 'match'"))
        actor = actor_of(user) if signed_in else device_actor or "table"
        return Caller(user if signed_in else None, None, True, actor)
    seat = access.person_seat(match, user)
    if seat is None:
        raise ServiceError("not_your_seat")
    return Caller(user, seat, False, actor_of(user))


def deals_so_far(match):
    """The deals a call may name: 1 to the deal in play (the last one once the game is over)."""
    view = states.current_state(match).view(None)
    return max(view.get("deal") or 0, len(view.get("deal_scores") or ()), 1)


def check_note(note):
    if not isinstance(note, str) or not 1 <= len(note.strip()) <= NOTE_MAX:
        raise ServiceError("invalid_note", most=NOTE_MAX)
    return note.strip()


def check_call(tournament, table, caller, deal, note):
    """The ``director_called`` event for these inputs, or the refusal (nothing is stored)."""
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError("tournament_finished")
    note = check_note(note)
    if type(deal) is not int or not 1 <= deal <= deals_so_far(table.match):
        raise ServiceError("no_such_deal", deal=str(deal))
    return {
        "type": CALLED,
        "match": table.match_id,
        "round": table.round,
        "table": table.table,
        "deal": deal,
        "seat": caller.seat,
        "via": "code" if caller.table else "seat",
        "note": note,
        "by": caller.user.username if caller.user is not None else None,
    }


def do_call_director(tournament_id, match_id, deal, note, user=None, door=None, device_actor=None):
    """A player calls the director on a deal of ``match_id``: from their seat (``user``), or
    through the table's code (``door``). Returns the call as ``call_rows`` shows it."""
    with transaction.atomic():
        tournament = locked(tournament_id)
        table = tournament_table(tournament, match_id)
        caller = check_caller(table.match, user, door, device_actor)
        event = check_call(tournament, table, caller, deal, note)
        rows = append(tournament, [event], caller.actor)
        tournament.save(update_fields=["version", "head_hash"])
    return call_of(rows[0], {})


# ------------------------------------------------------------------ answering
def check_reply(reply):
    if not isinstance(reply, str) or not 1 <= len(reply.strip()) <= NOTE_MAX:
        raise ServiceError(
            "invalid_input", problem=_("a reply says something in 1 to %(most)s characters"), most=NOTE_MAX
        )
    return reply.strip()


def check_reader(match, user):
    """The organiser may read and answer the calls of ``match`` unless it is a closed room they
    may not enter (they play the board at another table: 403 ``board_in_play``)."""
    access.enter(match, user)


def find_call(tournament, call_id):
    """The ``director_called`` row of ``call_id`` (its version in the stream), or 404."""
    row = None
    if type(call_id) is int and 1 <= call_id <= tournament.version:
        row = eventlog.stream_events(tournament.stream, after=call_id - 1, limit=1)
        row = row[0] if row and row[0].type == CALLED else None
    if row is None:
        raise ServiceError("not_found", problem=_("no call %(call)s in this tournament"), call=call_id)
    return row


def do_answer(tournament_id, by, call_id, reply=None, ruling=None):
    """The organiser answers a call: ``reply`` (words), or ``ruling`` ({"kind", "reason", ...
    the ruling's details}, recorded on the call's match by ``rulings.do_record_ruling``, its
    own checks and all). One transaction: a refused ruling stores no answer either. Returns the
    ``director_answered`` event."""
    if (reply is None) == (ruling is None):
        raise ServiceError("invalid_input", problem=_("an answer is a 'reply' or a 'ruling'"))
    with transaction.atomic():
        tournament = locked(tournament_id)
        check_organiser(tournament, by)
        call = find_call(tournament, call_id)
        match = Match.objects.get(pk=call.payload["match"])
        check_reader(match, by)
        answer = {"type": ANSWERED, "call": call.version, "match": match.pk}
        if reply is not None:
            answer["reply"] = check_reply(reply)
        else:
            if not isinstance(ruling, dict):
                raise ServiceError("invalid_input", problem=_("'ruling' is an object: kind, reason and its details"))
            details = dict(ruling)
            kind, reason = details.pop("kind", None), details.pop("reason", None)
            details.pop("match", None)  # the call's match, always
            rulings.do_record_ruling(tournament.pk, by, kind, match.pk, reason, **details)
            tournament = locked(tournament_id)  # the ruling moved the stream on: its head now
            answer.update(ruling=tournament.version, kind=kind)
        answer["author"] = by.username
        append(tournament, [answer], actor_of(by))
        tournament.save(update_fields=["version", "head_hash"])
    return answer


# ------------------------------------------------------------------ reading
def call_of(row, answers):
    """A call as the pages and the API show it: its id (the version of its event), when, the
    event's fields, and its answers so far (``answers``: {call id: [answer, ...]})."""
    return {
        "id": row.version,
        "recorded_at": row.recorded_at.isoformat(),
        **{k: v for k, v in row.payload.items() if k != "type"},
        "answers": answers.get(row.version, []),
        "status": "answered" if answers.get(row.version) else "open",
    }


def all_calls(tournament):
    """Every call of the tournament, oldest first, each with its answers and, for an answer by
    ruling, the ruling's event fields (``ruling_event``)."""
    rows = eventlog.stream_events(tournament.stream)
    by_version = {r.version: r for r in rows if r.type in RULING_EVENTS}
    answers = {}
    for r in rows:
        if r.type == ANSWERED:
            answer = {"version": r.version, "recorded_at": r.recorded_at.isoformat(), **r.payload}
            answer.pop("type", None)
            ruled = by_version.get(r.payload.get("ruling"))
            if ruled is not None:
                answer["ruling_event"] = {"type": ruled.type, **ruled.payload}
            answers.setdefault(r.payload["call"], []).append(answer)
    return [call_of(r, answers) for r in rows if r.type == CALLED]


def calls_for_arbiter(tournament, user):
    """The calls the organiser (or staff) may read: every one, but those on a closed room they
    may not enter (they play its board elsewhere) until the board is played everywhere."""
    check_organiser(tournament, user)
    readable, shown = {}, []
    for call in all_calls(tournament):
        match_id = call["match"]
        if match_id not in readable:
            try:
                check_reader(Match.objects.get(pk=match_id), user)
                readable[match_id] = True
            except ServiceError:
                readable[match_id] = False
        if readable[match_id]:
            shown.append(call)
    return shown


def calls_for_table(tournament, match):
    """The calls on ``match``, for its own table (the caller proved they sit there)."""
    return [call for call in all_calls(tournament) if call["match"] == match.pk]
