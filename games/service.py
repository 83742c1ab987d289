"""The match service: the one path by which people (and, later, bots) change a match.

In the manner of Zulip's actions: ``check_*`` functions validate and raise ``ServiceError``
(a status, a machine-readable code, a message, and details); ``do_*`` functions change the
database and announce the change only once the transaction has committed. A match's state is
always the engine's replay of its event stream; nothing here edits a stored event.
"""

import secrets
import typing
from collections import OrderedDict

import django.dispatch
from django.conf import settings
from django.db import connection, models, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import engine, eventlog, receipts, refusals, sql_once
from games.engine.redact import redact_events, redact_view
from games.errors import EngineRefusal, ServiceError
from games.offer import offered_names

from .models import PLATFORM_EVENT_TYPES, CommandResult, Event, Match, Seat

# Sent after the commit that appended a match's events: (match_id, version). Bots and waiting
# clients listen; games never imports them (docs/architecture.md §2).
match_advanced = django.dispatch.Signal()


def engine_refusal(error, status=400, **details):
    """A ServiceError for an engine error: its code, the sentence people read for it
    (games.refusals), and ``details``."""
    msgid, params = refusals.reason(error)
    return EngineRefusal(status, error.code, msgid, **params, **details)


def actor_key(user):
    return f"user:{user.pk}"


# Events the platform adds to a match stream beside the engine's own: a fallback action (a bot's
# fault, a person's timeout), the hand-over of a seat to a house bot, and a ruling that gives a
# person's seat back (issue 19). The engine never sees them.
PLATFORM_EVENTS = frozenset(PLATFORM_EVENT_TYPES)

# Stands for the ruleset's fallback action (``Ruleset.fallback``: the first legal action in canonical
# order, or a shedding game's end of turn), the deterministic move of a missed turn.
FALLBACK = object()


# ------------------------------------------------------------------ reading
def match_state(match, rows=None):
    """The engine state of ``match``: the replay of its stream (with the seed, to deal on)."""
    if rows is None:
        return replay(match, engine_events(match.stream))
    return replay(match, [eventlog.as_engine_event(r) for r in rows if r.type not in PLATFORM_EVENTS])


def replay(match, events):
    seed = bytes.fromhex(match.seed) if match.seed else None
    return engine.replay(events, seed=seed)


def engine_events(stream, upto=None, shown=False):
    """The engine's events of ``stream`` (the platform's left out), up to version ``upto`` when
    given, and with ``shown`` only up to the first ``game_ended`` (as ``eventlog.shown_rows``).
    Only each event's type and payload are read, not whole rows: a replay needs nothing else."""
    rows = Event.objects.filter(stream=stream).order_by("version")
    if upto is not None:
        rows = rows.filter(version__lte=upto)
    events = []
    for kind, payload in rows.values_list("type", "payload"):
        if kind in PLATFORM_EVENTS:
            continue
        events.append({"type": kind, **payload})
        if shown and kind == "game_ended":
            break
    return events


# A per-process cache of states for writers (the action path and bot workers), keyed by match
# and stream head (version and hash). Only a cache: an entry is used only when its head is the
# match's current one, so the log stays the truth; a state is taken out while an action is
# applied to it, under the match's row lock, and put back under the new head. Readers in web
# threads replay afresh instead of sharing an object a writer may be changing.
_STATES = OrderedDict()
_STATES_MAX = 256


def current_state(match):
    """The state at the match's head, from the cache when it holds that head.

    Keyed by the head's hash as well as its version: a match id seen again (a database
    restored or rolled back, as tests do) can never be served another match's state. When the
    cache holds an earlier head of the match (another process played the last actions: with
    several workers, the usual case), only the events since are read and folded in, if their
    chain joins the cached head to the row's.
    """
    head = (match.version, match.head_hash)
    cached = _STATES.get(match.pk)
    if cached is not None and cached[0] == head:
        _STATES.move_to_end(match.pk)
        return cached[1]
    state = caught_up(match, cached) if cached is not None and cached[0][0] < match.version else None
    if state is None:
        # Up to the head the row names (the caller holds a fresh row): rows planted past it are
        # for verify_match to report, not for the next move to be played on.
        state = replay(match, engine_events(match.stream, upto=match.version, shown=True))
    remember(match.pk, head, state)
    return state


def caught_up(match, cached):
    """The cached state of an earlier head with the events since folded in, or None (then the
    stream is replayed whole) when their chain does not run from that head to the row's, or
    the cached game had ended (whatever follows its end is not shown)."""
    (version, digest), state = cached
    if state.is_over or _STATES.pop(match.pk, None) is not cached:
        return None  # taken out first: no other thread folds into the same object
    rows = eventlog.chain_since(match.stream, version, match.version)
    if len(rows) != match.version - version:
        return None
    for _kind, _payload, prev_hash, row_hash in rows:
        if prev_hash != digest:
            return None
        digest = row_hash
    if digest != match.head_hash:
        return None
    new = [{"type": kind, **payload} for kind, payload, _, _ in rows if kind not in PLATFORM_EVENTS]
    if any(event["type"] == "game_ended" for event in new[:-1]):
        return None  # events past the end: as shown_rows, the whole replay leaves them out
    try:
        return state.fold_on(new)
    except engine.InvalidEvents:
        return None


def remember(match_id, head, state):
    _STATES[match_id] = (head, state)
    _STATES.move_to_end(match_id)
    while len(_STATES) > _STATES_MAX:
        _STATES.popitem(last=False)


def seat_view(match, seat, state=None, reveal_finished=None):
    """What ``seat`` may see now (its own cards, finished deals): the view a bot is sent.
    ``reveal_finished``, when the caller knows it (a run of moves asks once), saves a query."""
    state = current_state(match) if state is None else state
    if reveal_finished is None:
        reveal_finished = not cards_still_in_play(match)
    return redact_view(state, seat, reveal_finished=reveal_finished)


# ------------------------------------------------------------------ who may look at a match
# docs/api.md "Hidden information": a seat sees its own cards; a finished deal's cards reach the table
# and the arbiters, and the public once the match is public. Cards dealt at several tables (a
# duplicate board, a fixed board: one ``cards_group``) make those tables one closed room until
# every table has finished them (403 board_in_play).


class Entry(typing.NamedTuple):
    """What one viewer may see of a match: the seat whose hand they hold (None: the table's
    public view), and whether finished deals show every hand."""

    seat: int | None
    reveal_finished: bool


def is_public(match):
    """Whether the public may see the match's cards and seed: it is over, and so is whatever
    else was dealt the same cards. A tournament holds a match of its own cards back until its
    round has closed (``public_when_over``); a board shared by several tables is shown once
    every table has finished it (a broadcast delayed to the last table)."""
    if match.status != Match.Status.OVER:
        return False
    return match.public_when_over or (bool(match.cards_group) and not cards_still_in_play(match))


def cards_still_in_play(match):
    """Whether a match dealt the same cards as ``match`` (a duplicate or fixed board) is live,
    this one included: while it is, the group is a closed room."""
    return (
        bool(match.cards_group)
        and Match.objects.filter(cards_group=match.cards_group, status=Match.Status.LIVE).exists()
    )


def closed_cards_groups(cards_groups):
    """Which of ``cards_groups`` (names, blanks ignored) a live match still plays: one query for
    a page that lists many tables."""
    named = {g for g in cards_groups if g}
    if not named:
        return set()
    live = Match.objects.filter(cards_group__in=named, status=Match.Status.LIVE)
    return set(live.values_list("cards_group", flat=True).distinct())


# Apps that run events (tournaments) say who plays in theirs: ``check(event, user)`` is true for
# an entrant, as a person or through their own bot. Registered at start-up, so that games never
# imports them (docs/architecture.md §2).
EVENT_PLAYER_CHECKS = []


def signed_in(user):
    return user is not None and user.is_authenticated


def held_by(user):
    """Seats ``user`` holds in person or through a bot of theirs."""
    return models.Q(user=user) | models.Q(bot__owner=user)


def plays_in_event(match, user):
    """Whether ``user`` plays in the event ``match`` belongs to: holds a seat in any of its
    matches (in person or through a bot they own), or is an entrant by an event's own check."""
    if not match.event or not signed_in(user):
        return False
    seated = Seat.objects.filter(match__event=match.event).filter(held_by(user)).exists()
    return seated or any(check(match.event, user) for check in EVENT_PLAYER_CHECKS)


def is_free_arbiter(match, user):
    """Staff, or the organiser of the match's event (its creator), who play in no match of the
    event: they may watch a closed room and see its finished deals."""
    if not signed_in(user):
        return False
    organiser = bool(match.event) and user.pk == match.created_by_id
    return (user.is_staff or organiser) and not plays_in_event(match, user)


def person_seat(match, user):
    """The seat ``user`` holds in person at ``match``, or None."""
    if not signed_in(user):
        return None
    return Seat.objects.filter(match=match, user=user).values_list("index", flat=True).first()


def check_room_entry(match, user, seat):
    """In a closed room, refuse (403 ``board_in_play``) anyone but its own seats, the owners of
    the bots that hold them (who play at no other table of the board), and free arbiters."""
    if seat is not None or is_free_arbiter(match, user):
        return
    if signed_in(user):
        here = Seat.objects.filter(match=match, bot__owner=user).exists()
        elsewhere = (
            Seat.objects.filter(match__cards_group=match.cards_group)
            .exclude(match=match)
            .filter(held_by(user))
            .exists()
        )
        if here and not elsewhere:
            return
    raise ServiceError("board_in_play", match=match.pk)


def enter(match, user=None, seat=None):
    """The Entry of ``user`` (or of the bot at ``seat``, which its token proved) to ``match``,
    or ServiceError 403 ``board_in_play`` when the match is a closed room they may not enter.
    The one door of every view of a match: its state, events, streams, pages, sheet, replays,
    export and verification report."""
    closed = cards_still_in_play(match)
    if seat is not None:  # a bot at its own seat: as the table sees it (seat_view)
        return Entry(seat, not closed)
    own = person_seat(match, user)
    if closed:  # nobody who plays in the event sees a finished deal of the board yet
        check_room_entry(match, user, own)
        return Entry(own, own is None and is_free_arbiter(match, user))
    # The table and staff see a deal's cards once it is over; everyone else once it is public.
    return Entry(own, own is not None or (signed_in(user) and user.is_staff) or is_public(match))


def room_progress(match):
    """How far a match has got, for a room that may not be entered (a wall screen's closed
    table): the deal it plays, of how many, and whether it is over; no card, no score."""
    view = redact_view(current_state(match), None, reveal_finished=False)
    return {"deal": view["deal"], "deals": view["deals_in_game"], "over": view["is_over"]}


def visible_state(match, user, seat=None):
    """The state as ``user`` (or the bot at ``seat``) may see it now."""
    # A fresh replay: a cached state may be changed by a writer in another thread. Of the rows
    # up to the head the match row names (eventlog.shown_rows).
    state = match_state(match, eventlog.shown_rows(match.stream, match.version))
    seat, reveal = enter(match, user, seat)
    return redact_view(state, seat, reveal_finished=reveal)


def visible_events(match, user, after=0, limit=100, seat=None):
    """Events with version > ``after`` (at most ``limit``), redacted for ``user`` (or the bot at ``seat``)."""
    rows = eventlog.stream_events(match.stream, upto=match.version)
    events = [eventlog.as_engine_event(r) for r in rows]
    seat, reveal = enter(match, user, seat)
    window = redact_events(events, seat, reveal_finished=reveal, start=after, stop=after + limit)
    return [
        {"version": after + 1 + i, "recorded_at": rows[after + i].recorded_at.isoformat(), "event": ev}
        for i, ev in enumerate(window)
    ]


def is_arbiter(match, user):
    """Staff, or whoever created the match (a tournament's matches: its organiser)."""
    return user is not None and user.is_authenticated and (user.is_staff or user.pk == match.created_by_id)


def seat_replay(match, user, seat, version):
    """The log up to ``version`` and the state then, as ``seat`` saw them ("all": every hand open).

    Nobody sees a live deal's hidden cards this way (docs/architecture.md §3.5). Staff and the seated
    players may replay every deal that is over, from any seat, staff also with every hand
    open; once the match is public anyone may, and its arbiters (staff or its creator, such as
    a tournament's organiser) with every hand open. The redaction is the live API's own.
    """
    own_seat, may_see_finished = enter(match, user)  # a closed room refuses outsiders first
    rows = eventlog.shown_rows(match.stream, match.version)
    if not 1 <= version <= len(rows):
        raise ServiceError("invalid_version", last=len(rows))
    if seat != "all" and seat not in range(match.num_seats):
        raise ServiceError("invalid_seat", last=match.num_seats - 1)
    public = is_public(match)
    staff = signed_in(user) and user.is_staff
    if seat == "all" and not (staff or (public and is_arbiter(match, user))):
        raise ServiceError("arbiter_only")
    if not public and not (may_see_finished and version <= finished_through(rows)):
        if (staff or own_seat is not None) and cards_still_in_play(match):
            raise ServiceError("board_in_play")
        raise ServiceError("deal_not_over")
    window = rows[:version]
    events = [eventlog.as_engine_event(r) for r in window]
    state = engine.replay(
        [e for e in events if e["type"] not in PLATFORM_EVENTS], seed=bytes.fromhex(match.seed) if match.seed else None
    )
    if seat == "all":
        shown, view = (
            events,
            {**state.view(None, reveal_finished=True), "hands": [state.hand(s) for s in range(state.num_seats)]},
        )
    else:
        shown, view = redact_events(events, seat, reveal_finished=True), redact_view(state, seat, True)
    return {
        "match": match.pk,
        "version": version,
        "seat": seat,
        "view": view,
        "events": [{"version": r.version, "event": ev} for r, ev in zip(window, shown)],
    }


def finished_through(rows):
    """The last version that closes a deal (0 if none has ended): the table may replay up to it."""
    last = 0
    for row in rows:
        if row.type in ("deal_ended", "deal_cancelled", "game_ended"):
            last = row.version
    return last


# ------------------------------------------------------------------ creating a match
def bot_model():
    """The Bot model, found through Seat.bot so that games never imports bots (docs/architecture.md §2)."""
    return Seat._meta.get_field("bot").related_model


def check_table_size(ruleset, options, seat_users):
    """The ruleset is offered and there is one holder per seat of its table (with these options)."""
    game = engine.RULESETS.get(ruleset) if isinstance(ruleset, str) else None
    if game is None:
        return  # an unknown name: new_game refuses it with the engine's own code
    if ruleset not in offered_names():
        raise ServiceError("ruleset_not_offered", ruleset=ruleset, offered=", ".join(offered_names()))
    try:
        seats = game.num_seats(options if isinstance(options, dict) else None)
    except engine.EngineError as e:
        raise engine_refusal(e) from e
    if len(seat_users) != seats:
        raise ServiceError(
            "invalid_seats",
            problem=_(
                "a match of this game with these options has exactly %(seats)s seats "
                "(a user, a bot or null for an open seat), not %(given)s"
            ),
            seats=seats,
            given=len(seat_users),
        )


def check_new_match(ruleset, options, seat_users, board, seed=None):
    check_table_size(ruleset, options, seat_users)
    users = [h.pk for h in seat_users if h is not None and not isinstance(h, bot_model())]
    if len(users) != len(set(users)):
        raise ServiceError("invalid_seats", problem=_("a user can hold only one seat of a match"))
    # A bot of its own (webhook or polling) in two seats would see two hands; only the house's
    # built-in bots, which decide on one seat's view at a time, may fill several seats.
    outside = [h.pk for h in seat_users if isinstance(h, bot_model()) and h.kind != "builtin"]
    if len(outside) != len(set(outside)):
        raise ServiceError("invalid_seats", problem=_("a webhook or polling bot can hold only one seat of a match"))
    # One owner, one seat (docs/architecture.md §3.5): a person and their own webhook or polling bot, or two
    # such bots of one owner, would be two doors to one table, each showing its owner a hand.
    # Built-in bots (the house's, or anyone's) decide inside the site from one seat's view and
    # show their owner nothing, so they are exempt.
    doors = {}
    for h in seat_users:
        if h is None or (isinstance(h, bot_model()) and h.kind == "builtin"):
            continue
        owner = h.owner if isinstance(h, bot_model()) else h
        doors.setdefault(owner.pk, (owner, []))[1].append(h)
    for owner, held in doors.values():
        if len(held) > 1:
            names = [h.name if isinstance(h, bot_model()) else h.username for h in held]
            raise ServiceError("same_owner", names=", ".join(names), owner=owner.username)
    inactive = [h.name for h in seat_users if isinstance(h, bot_model()) and not h.is_active]
    if inactive:
        raise ServiceError("bot_disabled", bot=inactive[0])
    try:
        if board is None and seed is None:
            seed = secrets.token_bytes(32)
        return engine.new_game(ruleset, seed=seed, options=options, board=board)
    except engine.EngineError as e:
        raise engine_refusal(e) from e


def do_create_match(
    ruleset,
    options=None,
    seat_users=None,
    board=None,
    created_by=None,
    seed=None,
    event="",
    cards_group="",
    public_when_over=True,
    bot_turn_timeout=None,
):
    """Create a match, its seats and the first events of its stream; returns the Match.

    ``seed`` (bytes) fixes the deals; by default a random 32-byte seed is drawn. It stays
    secret (only its SHA-256 is in the log) until the match is over. ``event`` and
    ``cards_group`` say which event it is part of and which other matches are dealt the same
    cards (Match); ``public_when_over`` False holds its cards back from the public until the
    event says so. ``seat_users`` holds one holder per seat (None: an open seat); by default every
    seat of the ruleset's table is open.
    """
    if seat_users is None and ruleset in engine.RULESETS:
        seat_users = [None] * engine.RULESETS[ruleset].num_seats(options if isinstance(options, dict) else None)
    state = check_new_match(ruleset, options, list(seat_users or ()), board, seed)
    start = state.events[0]
    with transaction.atomic():
        match = Match.objects.create(
            ruleset=ruleset,
            num_seats=state.num_seats,
            options=dict(state.options),
            board=state.board,
            seed=state.seed.hex() if state.seed else "",
            seed_sha256=start.get("seed_sha256", ""),
            status=Match.Status.OVER if state.is_over else Match.Status.LIVE,
            version=len(state.events),
            to_act=state.to_act,
            created_by=created_by,
            event=event,
            cards_group=cards_group,
            public_when_over=public_when_over,
            bot_turn_timeout=settings.BOT_TURN_TIMEOUT_SECONDS if bot_turn_timeout is None else bot_turn_timeout,
        )
        Seat.objects.bulk_create(
            Seat(
                match=match,
                index=i,
                bot=h if isinstance(h, bot_model()) else None,
                user=h if h is not None and not isinstance(h, bot_model()) else None,
            )
            for i, h in enumerate(seat_users)
        )
        meta = {"actor": actor_key(created_by) if created_by else "system", "command": "create_match"}
        rows = eventlog.append(match.stream, 0, state.events, meta, declared=declared_events(match))
        match.head_hash = rows[-1].hash
        match.save(update_fields=["head_hash"])
        announce_after_commit(match)
    return match


# ------------------------------------------------------------------ acting
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


def check_seat(match, user):
    """The seat ``user`` holds in ``match`` (403 if none; 409 if a house bot plays it now).

    The same query says whether any seat of the table is played by a machine (a bot sits at it,
    or a seat was ever handed to a house bot); it is kept on the row as ``machines_seated``, so
    that the listeners told of the action (bots.tasks.worker_needed) need not ask again."""
    sql = SEAT_AND_LAST_HAND_OVER.format(
        event=Event._meta.db_table, seat=Seat._meta.db_table, event_seat=EVENT_SEAT[connection.vendor]
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [match.stream, match.stream, match.pk, user.pk])
        found = cursor.fetchone()
    if found is None:
        raise ServiceError("not_your_seat")
    seat, last, machines = found
    match.machines_seated = bool(machines)
    if last == "seat_taken_over":
        # The house bot plays it now (the person left, or ran out of time): one hand, one player.
        raise ServiceError("seat_taken_over")
    return seat


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
    actor, and the signed receipt of the new head: games.receipts). Refusals raise ServiceError
    and store nothing. A retried ``command_id`` returns the first answer, receipt included.
    """
    check_action_shape(action, expected_version, command_id)
    return do_act(
        match_id, actor_key(user), lambda match: check_seat(match, user), action, expected_version, command_id
    )


def do_act(match_id, actor, seat_of, action, expected_version, command_id=None, before=(), after=(), announce=True):
    """The one path that changes a match: check, apply with the engine, append, announce.

    ``seat_of(match)`` returns the seat the actor holds (or raises ServiceError). ``action``
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
        seat = seat_of(match)
        check_live(match, expected_version)
        state = taken_state(match)
        new_events = [*before, *apply_move(match, state, seat, action), *after]
        rows = write_moves(match, state, [(new_events, {"actor": actor, "seat": seat, "command_id": command_id}, None)])
        # The new events alone suffice: a deal they start can only have ended within them.
        # A seat's own answer: finished deals shown as to the table (seat_view), so never the
        # cards of a board another table is still playing. The receipt (games.receipts) is
        # signed in memory, no query: the site's word that the stream now ends at this head,
        # which the actor keeps (a rollback of the log cannot take it back); stored in the
        # command's result with the rest, so that a retried command returns the same receipt.
        response = {
            "version": match.version,
            "status": match.status,
            "events": redact_events(new_events, seat, reveal_finished=not cards_still_in_play(match)),
            "receipt": receipts.for_rows(rows),
        }
        if command_id is not None:
            CommandResult.objects.create(stream=match.stream, actor=actor, command_id=command_id, response=response)
        if announce:
            announce_after_commit(match)
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
    state = taken_state(start)
    reveal = not cards_still_in_play(start)
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
        remember(start.pk, (start.version, start.head_hash), state)  # unchanged: back in the cache
        return None
    with transaction.atomic():
        match = locked_match(match_id)
        check_live(match, expected_version)  # else the run is dropped with the state it played on
        write_moves(match, state, moves)
        if announce:
            announce_after_commit(match)
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


def taken_state(match):
    """The state at the locked match's head, taken out of the cache: it is about to change, and
    goes back under its new head once written (write_moves)."""
    state = current_state(match)
    _STATES.pop(match.pk, None)
    return state


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
    remember(match.pk, (match.version, match.head_hash), state)
    return rows


def announce_after_commit(match):
    """After the commit, tell listeners the match reached its version; they also get the row
    as this transaction wrote it (``match``), so that a listener asked after every action need
    not read it again (a listener checks that its version is the one announced)."""
    version = match.version
    transaction.on_commit(lambda: match_advanced.send(sender=Match, match_id=match.pk, version=version, match=match))


# ------------------------------------------------------------------ deals played at a real table
MAX_PAPER_ACTIONS = 400


def check_paper_deal(ruleset, options, board, actions):
    """Replay a deal written on paper through the engine; a ServiceError names the first entry
    the rules refuse (its index, the seat and the reason: a revoke reads "must follow suit")."""
    try:
        state = engine.new_game(ruleset, options=options, board=board)
    except engine.EngineError as e:
        raise engine_refusal(e) from e
    if not isinstance(actions, list) or not 1 <= len(actions) <= MAX_PAPER_ACTIONS:
        raise ServiceError("invalid_actions", most=MAX_PAPER_ACTIONS)
    for index, entry in enumerate(actions):
        if (
            not isinstance(entry, dict)
            or entry.get("seat") not in range(state.num_seats)
            or isinstance(entry.get("seat"), bool)
        ):
            raise ServiceError("entry_seat_out_of_range", index=index, last=state.num_seats - 1)
        if state.is_over:
            raise ServiceError("deal_already_over", index=index)
        if entry["seat"] != state.to_act:
            raise ServiceError("out_of_turn", index=index, seat=entry["seat"], to_act=state.to_act)
        try:
            state.apply({k: v for k, v in entry.items() if k != "seat"})
        except engine.EngineError as e:
            refusal, _params = refusals.reason(e)
            raise EngineRefusal(
                422,
                e.code,
                _("entry %(index)s (seat %(seat)s): %(refusal)s"),
                index=index,
                seat=entry["seat"],
                refusal=refusal,
                reason=e.reason,
            ) from e
    if not state.is_over:
        raise ServiceError("deal_not_finished", to_act=state.to_act)
    return state


def do_enter_paper_deal(by, ruleset, options, board, actions):
    """A deal played with physical cards: its cards as dealt (a board) and its decisions in
    order. Checked whole first, then stored as a match of open seats whose every decision is
    appended through do_act, as the person entering it: the same log, verification and
    scores as a deal played here. The receipt of its last decision (the stream's head, which
    the chain ties to every decision before it) is the returned match's ``receipt``."""
    checked = check_paper_deal(ruleset, options, board, actions)
    actor = actor_key(by)
    with transaction.atomic():
        # Open seats, as many as the deal's table has (a Kings in the Corner board may have 2 to 6).
        match = do_create_match(ruleset, options, (None,) * checked.num_seats, board, created_by=by)
        version = match.version
        for entry in actions:
            seat = entry["seat"]
            answer = do_act(
                match.pk,
                actor,
                lambda m, seat=seat: seat,
                {k: v for k, v in entry.items() if k != "seat"},
                version,
                announce=False,
            )
            version = answer["version"]
    match.refresh_from_db()
    match.receipt = answer["receipt"]
    return match


# ------------------------------------------------------------------ seats handed over (issue 19)
HAND_OVERS = ("seat_taken_over", "seat_returned")


def seat_hand_overs(match):
    """The match's hand-overs in order, as (type, payload): seat_taken_over and seat_returned."""
    return list(
        Event.objects.filter(stream=match.stream, type__in=HAND_OVERS)
        .order_by("version")
        .values_list("type", "payload")
    )


def seat_taken_over(match, seat):
    """The seat_taken_over payload if a house bot holds ``seat`` now (None if its holder plays)."""
    holder = None
    for kind, payload in seat_hand_overs(match):
        if payload.get("seat") == seat:
            holder = payload if kind == "seat_taken_over" else None
    return holder


def seats_taken_over(match):
    """The seats a house bot holds now, in order: each seat whose last hand-over is a
    seat_taken_over (for faults, for timeouts, or its person left) and not a ruling's
    seat_returned. Read when a rated match ends, this is whose results are forfeits
    (tournaments.ratings.match_ratings)."""
    holders = {}
    for kind, payload in seat_hand_overs(match):
        holders[payload.get("seat")] = kind == "seat_taken_over"
    return sorted(seat for seat, taken in holders.items() if taken and seat in range(match.num_seats))


def do_append_platform(match_id, actor, events, check=None):
    """Append platform events alone (no action: a seat left, a seat returned), under the match's
    lock; ``check(match)`` raises ServiceError to refuse, storing nothing. The state does not
    change (the engine never sees them); the head does, and is announced."""
    with transaction.atomic():
        match = locked_match(match_id)
        if match.status == Match.Status.OVER:
            raise ServiceError("match_over")
        if check is not None:
            check(match)
        rows = eventlog.append(
            match.stream,
            match.version,
            events,
            {"actor": actor},
            known_head=(match.version, match.head_hash),
            declared=declared_events(match),
        )
        match.version += len(events)
        match.head_hash = rows[-1].hash
        match.save(update_fields=["version", "head_hash"])
        announce_after_commit(match)
    return match


# Apps that run events (tournaments) say what leaving one of their matches means:
# ``leave(match, user)`` withdraws ``user`` from the event (raising ServiceError to refuse) and
# returns True, or returns False if the match is not theirs. Registered at start-up (docs/architecture.md §2).
EVENT_SEAT_EXITS = []

# Why a house bot took a person's seat (seat_taken_over "reason"): they left the table.
LEFT_THE_TABLE = "left"


def check_leave(match, user):
    """The seat ``user`` may leave in ``match``, or a ServiceError saying why not (no seat, the
    game is over, a house bot already plays it). Reads only."""
    if user is None or not user.is_authenticated:
        raise ServiceError("not_your_seat")
    seat = Seat.objects.filter(match=match, user=user).values_list("index", flat=True).first()
    if seat is None:
        raise ServiceError("not_your_seat")
    if match.status == Match.Status.OVER:
        raise ServiceError("match_over")
    if seat_taken_over(match, seat):
        raise ServiceError("seat_already_left")
    return seat


def do_leave_seat(match_id, user):
    """``user`` leaves their seat: a house bot (the ruleset's takeover policy) plays it to the
    end, as a seat_taken_over event. In an event's match, leaving is the event's own withdrawal
    (EVENT_SEAT_EXITS), done in the same transaction. Refusals store nothing."""
    events = []

    def check(match):
        seat = check_leave(match, user)
        if match.event and not any(leave(match, user) for leave in EVENT_SEAT_EXITS):
            raise ServiceError("cannot_leave")
        events.append(
            {
                "type": "seat_taken_over",
                "seat": seat,
                "by": engine.RULESETS[match.ruleset].takeover_policy,
                "reason": LEFT_THE_TABLE,
            }
        )

    if user is None or not user.is_authenticated:
        raise ServiceError("not_your_seat")
    return do_append_platform(match_id, actor_key(user), events, check)


def do_return_seat(match_id, seat, actor, reason):
    """A ruling gives a person's seat back after a house bot took it for timeouts: a
    seat_returned event, after which the person plays again with their strikes reset. A seat
    whose player left, a bot's seat and a seat nobody took are refused; nothing is stored."""
    if not isinstance(reason, str) or not 1 <= len(reason.strip()) <= 500:
        raise ServiceError("invalid_ruling", problem=_("a ruling gives its reason (1 to 500 characters)"))

    def check(match):
        if isinstance(seat, bool) or seat not in range(match.num_seats):
            raise ServiceError("invalid_seat", last=match.num_seats - 1)
        if not Seat.objects.filter(match=match, index=seat, user__isnull=False).exists():
            raise ServiceError("not_a_person")
        taken = seat_taken_over(match, seat)
        if taken is None:
            raise ServiceError("seat_not_taken")
        if taken.get("reason") == LEFT_THE_TABLE:
            raise ServiceError("seat_left")

    event = {"type": "seat_returned", "seat": seat, "reason": reason.strip() if isinstance(reason, str) else ""}
    return do_append_platform(match_id, actor, [event], check)
