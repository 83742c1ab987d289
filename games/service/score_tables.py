"""Score tables: matches played with real cards, their deals entered from a phone (docs/architecture.md §3.9).

A score table is a match like any other (an event stream, hash-chained, sealed, verified) whose
engine game is a score table (``engine.new_score_table``): every entry, correction, undo and
finish goes through ``playing.do_act``, the one path that changes a match, so the engine checks
it and nothing it refuses is stored. Nobody acts online: ``to_act`` stays None, so no bot, clock
or turn notice is ever due.

A table anyone opens (no tournament) is reached only through its secret link; the link's
SHA-256 is stored, never the secret. A tournament's physical tables are reached through their
table codes (tournaments, through ``hooks.SCORE_TABLE_KEYS``).
"""

import hashlib
import secrets
import typing

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games import engine, hooks
from games.engine.playout import score_sheet_rows
from games.errors import ServiceError
from games.models import Match, ScoreTable, Seat
from games.offer import offered_names
from games.record import eventlog
from games.service import access, announcement, hand_overs, playing, states

NAME_MAX = 30  # characters of a player's name at a score table
SECRET_BYTES = 18  # a link's secret: 24 characters, 144 bits


class Door(typing.NamedTuple):
    """How a phone reached a score table: its match, and who may settle its entries there
    (``arbiter``: a tournament's organiser; a table's own phones are not)."""

    match: Match
    key: str
    arbiter: bool = False


def key_hash(key):
    return hashlib.sha256(key.encode()).hexdigest()


# ------------------------------------------------------------------ opening a table
def check_names(names, seats):
    """The players' names: one per seat, each 1 to NAME_MAX characters once trimmed, all different."""
    if not isinstance(names, list) or len(names) != seats or not all(isinstance(n, str) for n in names):
        raise ServiceError("invalid_names", seats=seats, most=NAME_MAX)
    trimmed = [" ".join(n.split()) for n in names]
    if not all(1 <= len(n) <= NAME_MAX for n in trimmed) or len({n.casefold() for n in trimmed}) != seats:
        raise ServiceError("invalid_names", seats=seats, most=NAME_MAX)
    return trimmed


def check_new_score_table(ruleset, options, names, first):
    """The engine's new score table for these choices, or the refusal (nothing is stored)."""
    if not isinstance(ruleset, str) or ruleset not in offered_names():
        raise ServiceError("ruleset_not_offered", ruleset=str(ruleset), offered=", ".join(offered_names()))
    game = engine.RULESETS[ruleset]
    if options is not None and not isinstance(options, dict):
        options = None  # the engine refuses what is not a mapping with its own code, below
    try:
        seats = game.num_seats(options)
        state = engine.new_score_table(ruleset, first=first, options=options)
    except engine.EngineError as e:
        raise playing.engine_refusal(e) from e
    return state, check_names(names, seats)


def check_cap(user):
    """A signed-in person keeps at most SCORE_TABLES_LIVE_PER_ACCOUNT unfinished tables open."""
    if user is None or not user.is_authenticated:
        return  # an address's tables are counted by the rate limit (the ``score_tables`` scope)
    live = Match.objects.filter(created_by=user, entered=True, event="", status=Match.Status.LIVE).count()
    if live >= settings.SCORE_TABLES_LIVE_PER_ACCOUNT:
        raise ServiceError("too_many_score_tables", most=settings.SCORE_TABLES_LIVE_PER_ACCOUNT)


def do_open_score_table(ruleset, options, names, first, by=None):
    """Open a table of friends: its match, seats with no holder, the players' names and a secret
    link. Returns (match, key): the key is the link's secret, given this once."""
    state, names = check_new_score_table(ruleset, options, names, first)
    check_cap(by)
    key = secrets.token_urlsafe(SECRET_BYTES)
    with transaction.atomic():
        match = create_entered_match(state, [None] * state.num_seats, by, event="")
        ScoreTable.objects.create(match=match, names=names, key_hash=key_hash(key))
    return match, key


def create_entered_match(state, seat_users, by, event, public_when_over=True, cards_group=""):
    """The match of an engine score table ``state``: no seed, no clock, its first events."""
    user = by if by is not None and by.is_authenticated else None
    match = Match.objects.create(
        ruleset=state.ruleset,
        num_seats=state.num_seats,
        options=dict(state.options),
        status=Match.Status.LIVE,
        version=len(state.events),
        to_act=None,
        created_by=user,
        event=event,
        public_when_over=public_when_over,
        move_seconds=None,
        entered=True,
        cards_group=cards_group,
    )
    Seat.objects.bulk_create(
        Seat(match=match, index=i, user=h if h is not None and not hasattr(h, "owner") else None, bot=None)
        for i, h in enumerate(seat_users)
    )
    meta = {"actor": playing.actor_key(user) if user else "table", "command": "open_score_table"}
    rows = eventlog.append(match.stream, 0, state.events, meta, declared=playing.declared_events(match))
    match.head_hash = rows[-1].hash
    match.save(update_fields=["head_hash"])
    announcement.announce_after_commit(match, created=True)
    return match


# ------------------------------------------------------------------ reaching a table
def door(key, reader=None):
    """The score table a key opens: a table's own secret link, or a key another room issues
    (a tournament's table code: ``hooks.SCORE_TABLE_KEYS``); 404 ``score_table_unknown``
    otherwise, the same for a key that never existed and one revoked. ``reader``: who asks
    (``check_closed_room``)."""
    if isinstance(key, str) and 8 <= len(key) <= 64:
        table = ScoreTable.objects.select_related("match").filter(key_hash=key_hash(key)).first()
        if table is not None:
            return Door(table.match, key)
        for found in hooks.SCORE_TABLE_KEYS.answers(key):
            if found is not None:
                check_closed_room(found, reader)
                return Door(found, key)
    raise ServiceError("score_table_unknown")


def check_closed_room(match, reader):
    """A table with cards whose board another table still plays is a closed room
    (docs/api.md "Closed rooms"): its code opens it for the phones at the table, but never for a
    signed-in person who plays the board at another table (403 ``board_in_play``)."""
    if not access.signed_in(reader) or not access.cards_still_in_play(match):
        return
    elsewhere = Seat.objects.filter(match__cards_group=match.cards_group).exclude(match=match)
    if elsewhere.filter(access.held_by(reader)).exists():
        raise ServiceError("board_in_play", match=match.pk)


def names_of(match):
    table = ScoreTable.objects.filter(match=match).first()
    return list(table.names) if table is not None else [str(i + 1) for i in range(match.num_seats)]


# ------------------------------------------------------------------ entries
def device_actor(device):
    """The actor of an entry made on a phone with no account: its device's cookie, hashed."""
    return "device:" + hashlib.sha256(device.encode()).hexdigest()[:20]


def check_author(match, actor, action):
    """Only whoever entered a deal may withdraw it (``undo``); anyone may correct it, saying why."""
    if not isinstance(action, dict) or action.get("type") != "undo":
        return
    rows = eventlog.stream_events(match.stream, upto=match.version)
    entered_by = None
    for row in rows:
        if row.type == "enter":
            entered_by = row.metadata.get("actor")
        elif row.type in ("undo", "correct"):
            entered_by = None if row.type == "undo" else entered_by
    if entered_by is not None and entered_by != actor:
        raise ServiceError("not_the_author")


def do_table_action(door, actor, action, expected_version, command_id=None):
    """Enter, correct, undo or finish at the table ``door`` opens, as ``actor``: the engine
    checks it; refused, nothing is stored; a retried ``command_id`` answers as the first time.
    At an event's table, ``confirm``, ``dispute`` (``{"deal", "seat", "note"}``) and, through an
    arbiter's door, ``settle`` say a word on an entry in force (``do_check_entry``)."""
    playing.check_action_shape(action, expected_version, command_id)
    kind = action.get("type")
    if kind in WORDS:
        fields = set(action) - {"type", "deal", "seat", "note"}
        if fields:
            raise ServiceError("invalid_input", problem=_("unknown fields: %s") % ", ".join(sorted(map(str, fields))))
        match = do_check_entry(
            door, actor, WORDS[kind], action.get("deal"), action.get("seat"), action.get("note"), expected_version
        )
        return {"version": match.version, "status": match.status, "events": []}
    if kind not in engine.tally.TABLE_ACTIONS:
        raise ServiceError(
            "invalid_input", problem=_("a score table takes enter, correct, undo, finish, confirm, dispute or settle")
        )

    def no_seat(match):
        check_author(match, actor, action)
        if action.get("type") == "finish":
            check_all_settled(match)
        return playing.Seated(None, False)

    return playing.do_act(door.match.pk, actor, no_seat, action, expected_version, command_id)


def preview(door, action):
    """The points an entry would give each player, without entering it; the refusal if the
    rules cannot produce it."""
    if not isinstance(action, dict) or action.get("type") not in ("enter", "correct"):
        raise ServiceError("invalid_input", problem=_("a preview takes an entry or a correction"))
    state = states.current_state(door.match)
    try:
        return engine.preview_entry(state, action)
    except engine.EngineError as e:
        raise playing.engine_refusal(e, 422) from e


# ------------------------------------------------------------------ confirmations
# At an event's table (a tournament's), each entry in force waits for the next seat's word: a
# confirmation, or a dispute the organiser settles (docs/score-tables.md, "At a tournament").
# They are platform events of the match stream (docs/events.md): the engine never sees them.
CHECK_EVENTS = ("entry_confirmed", "entry_disputed", "entry_settled")
NOTE_MAX = 200  # characters of a dispute's or a ruling's note
UNCONFIRMED, CONFIRMED, DISPUTED, SETTLED = "unconfirmed", "confirmed", "disputed", "settled"
# The actions that say a word on an entry, beside the engine's (``tally.TABLE_ACTIONS``).
WORDS = {"confirm": "entry_confirmed", "dispute": "entry_disputed", "settle": "entry_settled"}


def entry_checks(rows):
    """Where each deal in force stands, from a table's events in order ((type, payload, actor)
    tuples): ``[{"deal", "status", "author", "seat", "note"}]``, deal 1 first. An entry or a
    correction waits for a confirmation (``unconfirmed``); the next seat confirms it or
    disputes it; the organiser's ruling settles it. A correction starts its deal afresh."""
    deals = []
    for kind, payload, actor in rows:
        if kind in ("enter", "correct"):
            fresh = {"deal": payload["deal"], "status": UNCONFIRMED, "author": actor, "seat": None, "note": ""}
            if kind == "enter":
                deals.append(fresh)
            else:
                deals[payload["deal"] - 1] = fresh
        elif kind == "undo" and deals:
            deals.pop()
        elif kind in CHECK_EVENTS and 1 <= payload.get("deal", 0) <= len(deals):
            status = {"entry_confirmed": CONFIRMED, "entry_disputed": DISPUTED, "entry_settled": SETTLED}[kind]
            deals[payload["deal"] - 1].update(status=status, seat=payload.get("seat"), note=payload.get("note", ""))
    return deals


def checks_of(match):
    rows = eventlog.stream_events(match.stream, upto=match.version)
    return entry_checks((r.type, r.payload, r.metadata.get("actor")) for r in rows)


def needs_confirmations(match):
    """An event's table (a tournament's) confirms every entry; a table of friends trusts its phone."""
    return bool(match.event)


def check_all_settled(match):
    """An event's table finishes only once every entry is confirmed or settled by the organiser."""
    if not needs_confirmations(match):
        return
    waiting = [str(d["deal"]) for d in checks_of(match) if d["status"] not in (CONFIRMED, SETTLED)]
    if waiting:
        raise ServiceError("entries_unconfirmed", deals=", ".join(waiting))


def check_note(note, required):
    if note is None and not required:
        return ""
    if not isinstance(note, str) or not (1 if required else 0) <= len(note.strip()) <= NOTE_MAX:
        raise ServiceError("invalid_note", most=NOTE_MAX)
    return note.strip()


def check_word(match, kind, deal, seat, note, expected_version):
    """The events a confirmation, a dispute or a ruling appends (none for a confirmation of what
    stands confirmed: a request sent again), or the refusal: the deal is one in force and still
    open, ``seat`` one of the table's (the player who speaks), and the page saw the table as it
    stands (``expected_version``: a correction since is never confirmed unseen)."""
    checks = checks_of(match)
    if type(deal) is not int or not 1 <= deal <= len(checks):
        raise ServiceError("no_such_entry", deal=str(deal))
    status = checks[deal - 1]["status"]
    if kind == "entry_confirmed" and status == CONFIRMED:
        return []
    if status == SETTLED or (kind != "entry_settled" and status == DISPUTED):
        raise ServiceError("entry_not_open", deal=deal)
    if type(expected_version) is not int or expected_version != match.version:
        raise ServiceError("version_conflict", current_version=match.version, expected=str(expected_version))
    event = {"type": kind, "deal": deal}
    if kind != "entry_settled":
        if type(seat) is not int or not 0 <= seat < match.num_seats:
            raise ServiceError("invalid_input", problem=_("'seat' is the number of the player who speaks, from 0"))
        event["seat"] = seat
    if kind != "entry_confirmed":
        event["note"] = check_note(note, required=kind == "entry_disputed")
    return [event]


def do_check_entry(door, actor, kind, deal, seat=None, note=None, expected_version=None):
    """Confirm or dispute a deal in force at an event's table (``kind``: ``entry_confirmed``,
    ``entry_disputed``), or settle it (``entry_settled``: only through an arbiter's door).
    Returns the match as written."""
    if kind not in CHECK_EVENTS:
        raise ValueError(kind)
    if kind == "entry_settled" and not door.arbiter:
        raise ServiceError("organiser_only")
    if not needs_confirmations(door.match):
        raise ServiceError("no_confirmations")
    return hand_overs.do_append_platform(
        door.match.pk, actor, lambda match: check_word(match, kind, deal, seat, note, expected_version)
    )


# ------------------------------------------------------------------ the sheet
def contract_label(game, contract, names):
    """A contract (an entry's or a form's: ``suit`` for a trump) in the reader's words."""
    from django.utils.translation import gettext

    record = {k: v for k, v in contract.items() if k not in ("suit", "counts", "settle")}
    if "suit" in contract:
        record["trump"] = contract["suit"]
    return engine.records.say(game.describe(record), gettext, names)


def sheet(match, state=None):
    """What the paper sheet shows, as data for the page, the API and the CSV: the match's score
    sheet (``score_sheet_rows``, the same as every match's), each deal's counts as entered and
    its corrections with their reasons, the contracts each player has left, the next entry's
    form, and the game's end and winners."""
    from django.utils.translation import gettext

    state = states.current_state(match) if state is None else state
    game = engine.RULESETS[match.ruleset]
    names = names_of(match)
    rows = score_sheet_rows(state, gettext, names)
    for row in rows["rows"]:
        entry = state.entries[row["deal"] - 1] if row["deal"] <= len(state.entries) else {}
        row["taken"] = entry.get("taken")
        row["who"] = names[row["seat"]] if row["seat"] is not None else ""
        row["corrections"] = []
    for event in state.events:
        if event["type"] == "correct" and event["deal"] <= len(rows["rows"]):
            rows["rows"][event["deal"] - 1]["corrections"].append(event["reason"])
    confirming = needs_confirmations(match)
    if confirming:
        for row, check in zip(rows["rows"], checks_of(match), strict=False):
            row["check"] = {k: check[k] for k in ("status", "seat", "note")}
            row["check"]["who"] = names[check["seat"]] if check["seat"] is not None else ""
    form = state.entry_form()
    for contract in form.get("contracts", ()):
        contract["label"] = contract_label(game, contract, names)
    if not state.is_over:
        # What a correction may name: the contracts the deal's chooser had left then.
        for row in rows["rows"]:
            if row["deal"] <= len(state.entries) and row.get("contract"):
                row["choices"] = engine.correction_form(state, row["deal"]).get("contracts", [])
                for contract in row["choices"]:
                    contract["label"] = contract_label(game, contract, names)
    return {
        "match": match.pk,
        "ruleset": match.ruleset,
        "game": gettext(game.label),
        "role": gettext(game.roles[game.sheet_role]) if game.sheet_role in game.roles else "",
        "names": names,
        "version": match.version,
        "status": match.status,
        "deals": rows["rows"],
        "totals": list(state.scores),
        "lowest_wins": rows["lowest_wins"],
        "form": form,
        "contracts_left": [[contract_label(game, c, names) for c in left] for left in state.contracts_left()],
        "is_over": state.is_over,
        "winners": list(state.winners) if state.is_over else [],
        "confirmations": confirming,
    }


def sheet_csv_rows(data):
    """The sheet as CSV rows: a header, one row per deal (points, then running totals), totals."""
    names = data["names"]
    header = ["deal", "chooser", "contract"] + names + [f"{n} (total)" for n in names] + ["corrections"]
    rows = [header]
    for row in data["deals"]:
        chooser = names[row["chooser"]] if row["chooser"] is not None else ""
        scores = row["scores"] or [""] * len(names)
        rows.append(
            [row["deal"], chooser, row["contract_label"], *scores, *row["running"], " | ".join(row["corrections"])]
        )
    rows.append(["", "", "total", *data["totals"], *[""] * len(names), ""])
    return rows
