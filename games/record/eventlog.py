"""Appending to and reading the event log (docs/architecture.md §3.3).

Each stream is a hash chain: ``hash = sha256(prev_hash + canonical JSON of the event)``, with
``prev_hash`` of version 1 being 64 zeros. The event document that is hashed holds everything
an export carries: stream, version, type, payload, metadata and the recorded time (ISO 8601,
microseconds, UTC), so none of it can change unnoticed.

Appends are optimistic: the writer names the version it last saw; if another writer got there
first the append raises ``VersionConflict`` and writes nothing. Call ``append`` inside
``transaction.atomic()`` together with whatever else the command changes.

Each append also seals the stream's new head (``StreamHead``): ``seal = HMAC-SHA256(key,
"stream|version|hash")`` with a key that is not in the database (``EVENT_HEAD_SEAL_KEY``, by
default derived from ``SECRET_KEY``). Whoever holds only a copy of the database can rewrite an
event and recompute every later hash and the match's head, but not the seal: the verification
then fails at the head.
"""

import functools
import hashlib
import hmac
import json
from datetime import timezone as dt_timezone

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import sql_once
from games.models import Event, StreamHead

GENESIS_HASH = "0" * 64


class UndeclaredEvent(ValueError):
    """An event whose type the stream's ruleset does not declare public or private (its
    descriptor's ``public_events`` and ``private_events``, games/engine/rulesets.py): nobody
    could say who may see it, so it is never stored."""

    def __init__(self, stream, kind):
        super().__init__(f"{stream}: the event type {kind!r} is declared neither public nor private by its ruleset")
        self.stream, self.kind = stream, kind


class VersionConflict(Exception):
    """The stream moved on: its version is not the one the writer expected."""

    def __init__(self, stream, expected, current):
        where = f"is at version {current}" if current is not None else "moved past its head"
        super().__init__(f"{stream} {where}, not {expected}")
        self.stream, self.expected, self.current = stream, expected, current


def canonical_json(value):
    """Sorted keys, no spaces, UTF-8 text: the same bytes for the same value everywhere."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def event_document(stream, version, type, payload, metadata, recorded_at):
    """What an event's hash covers (and what an export line holds besides the hashes)."""
    return {
        "stream": stream,
        "version": version,
        "type": type,
        "payload": payload,
        "metadata": metadata,
        "recorded_at": recorded_at.astimezone(dt_timezone.utc).isoformat(timespec="microseconds"),
    }


def chain_hash(prev_hash, document):
    return hashlib.sha256((prev_hash + canonical_json(document)).encode()).hexdigest()


def root_hash(heads):
    """One hash over several streams' heads, e.g. a tournament's stream and its matches':
    SHA-256 of the canonical JSON of ``[[stream, version, hash], ...]`` sorted by stream. A
    printed sheet that carries it can be checked against the log, stream by stream, later."""
    rows = sorted([str(stream), int(version), str(digest)] for stream, version, digest in heads)
    return hashlib.sha256(canonical_json(rows).encode()).hexdigest()


def seal_key():
    """The head seals' key: ``EVENT_HEAD_SEAL_KEY`` when set, else one derived from SECRET_KEY
    (a key of its own, so that a seal never doubles as any other HMAC made with SECRET_KEY).
    The derived key is hex text, so that setting EVENT_HEAD_SEAL_KEY to it keeps every seal
    valid when SECRET_KEY is rotated (docs/audit.md, "Head seals")."""
    configured = getattr(settings, "EVENT_HEAD_SEAL_KEY", "")
    if configured:
        return configured.encode()
    return hmac.new(settings.SECRET_KEY.encode(), b"kingrifki/event-head-seal/v1", hashlib.sha256).hexdigest().encode()


def head_seal(stream, version, digest, key=None):
    """HMAC-SHA256 of "stream|version|hash" (hex) under the seal key."""
    message = f"{stream}|{int(version)}|{digest}".encode()
    return hmac.new(key or seal_key(), message, hashlib.sha256).hexdigest()


def seal_holds(sealed):
    """Whether a StreamHead's seal is the one the key gives for its stream, version and hash."""
    return hmac.compare_digest(sealed.seal, head_seal(sealed.stream, sealed.version, sealed.hash))


def sealed_head(stream):
    """The stream's StreamHead row, or None when it has none (a stream never appended to)."""
    return StreamHead.objects.filter(stream=stream).first()


def head(stream):
    """(version, hash) of the stream's last event; (0, GENESIS_HASH) for an empty stream."""
    last = Event.objects.filter(stream=stream).order_by("-version").values_list("version", "hash").first()
    return last or (0, GENESIS_HASH)


def append(stream, expected_version, events, metadata=None, known_head=None, declared=None):
    """Append ``events`` (dicts with a "type") after ``expected_version``; return the rows.

    Raises VersionConflict, having written nothing, when the stream is not at that version,
    including when a concurrent writer commits the same version first. ``known_head`` is the
    (version, hash) a caller holding the stream's lock already knows; it saves a read and a
    savepoint, and a refused insert then rolls back the caller's whole transaction
    (``append_runs``). ``declared``: the event types the stream may hold (a match's: its
    ruleset's ``event_types``); any other raises UndeclaredEvent, having written nothing.
    """
    return append_runs(stream, expected_version, [(events, metadata, None)], known_head, declared=declared)


def append_runs(stream, expected_version, runs, known_head=None, owner=None, declared=None):
    """Append several commands' events at once: ``runs`` is a list of (events, metadata,
    recorded_at), each run with its own metadata (who acted, for which seat) and the time it
    was decided (None: now), every event still its own link of the chain. One insert and one
    head upsert for them all: a table of bots writes a run of moves in one transaction
    (bots.runner). Otherwise as ``append``.

    A caller that names ``known_head`` holds the stream's lock (its row's ``select_for_update``),
    so only a damaged log (rows planted past the head) can refuse the insert: then no savepoint
    is paid for, and the refusal spoils the caller's transaction (Django's
    ``atomic(savepoint=False)``), which rolls back whole with nothing written. Without it, a
    savepoint keeps the caller's transaction alive through a lost race.

    ``owner``, given the new head's row, moves a row that follows the stream's head (a match's
    version, hash and whose turn it is) and returns (that model instance, the fields to write):
    it is written with the events, and on PostgreSQL in their statement, so that an action's
    writes are one round trip.

    ``declared``, as for ``append``: an event of another type refuses the whole append before
    anything is written (a match's log holds only what its ruleset says who may see).
    """
    if declared is not None:
        for events, _, _ in runs:
            for event in events:
                if event["type"] not in declared:
                    raise UndeclaredEvent(stream, event["type"])
    locked = known_head is not None
    version, prev_hash = known_head or head(stream)
    if version != expected_version:
        raise VersionConflict(stream, expected_version, version)
    now = timezone.now()
    rows, documents = [], []
    for events, metadata, recorded_at in runs:
        at = recorded_at or now
        for event in events:
            version += 1
            meta = dict(metadata or {})
            payload = {k: v for k, v in event.items() if k != "type"}
            document = canonical_json(event_document(stream, version, event["type"], payload, meta, at))
            digest = hashlib.sha256((prev_hash + document).encode()).hexdigest()
            # Positional: the model's fastest constructor (position is filled in on insert).
            rows.append(Event(None, stream, version, event["type"], payload, meta, at, prev_hash, digest))
            documents.append(document)
            prev_hash = digest
    if not rows:
        return rows
    sealed = StreamHead(stream=stream, version=version, hash=prev_hash, seal=head_seal(stream, version, prev_hash))
    if owner is not None:
        owner = owner(rows[-1])
    try:
        with transaction.atomic(savepoint=not locked):
            if connection.vendor == "postgresql":
                insert_in_one_statement(rows, documents, sealed, owner)
            else:
                Event.objects.bulk_create(rows)
                # One upsert: the head and its seal move in the transaction of the events.
                StreamHead.objects.bulk_create(
                    [sealed], update_conflicts=True, unique_fields=["stream"], update_fields=["version", "hash", "seal"]
                )
                if owner is not None:
                    owner[0].save(update_fields=owner[1])
    except IntegrityError as e:
        # Under the caller's lock the transaction is spoilt (no savepoint): nothing more can be
        # read in it, and the stream's head is the one the caller's row names or beyond.
        current = None if locked else head(stream)[0]
        raise VersionConflict(stream, expected_version, current) from e
    return rows


# PostgreSQL: the events and the sealed head in one statement (one round trip). The rows travel
# as one JSON parameter, each the canonical document its hash was computed over plus its two
# hashes, so nothing is serialized twice and the client quotes one string, not hundreds of
# values. WITH ORDINALITY ... ORDER BY: positions follow versions. A data-modifying CTE always
# runs to completion; a refused row (the unique version, the triggers) fails the whole
# statement, so the events and the head move together or not at all.
_EVENTS_AND_HEAD = """
WITH ev AS (
    INSERT INTO games_event (stream, version, type, payload, metadata, recorded_at, prev_hash, hash)
{rows}
    RETURNING position
), head AS (
    INSERT INTO games_streamhead (stream, version, hash, seal) VALUES (%s, %s, %s, %s)
    ON CONFLICT (stream) DO UPDATE SET version = EXCLUDED.version, hash = EXCLUDED.hash, seal = EXCLUDED.seal
)
{{owner}}SELECT position FROM ev ORDER BY position
"""
INSERT_EVENTS_AND_HEAD = _EVENTS_AND_HEAD.format(
    rows="""    SELECT e->'d'->>'stream', (e->'d'->>'version')::integer, e->'d'->>'type', e->'d'->'payload',
           e->'d'->'metadata', (e->'d'->>'recorded_at')::timestamptz, e->>'p', e->>'h'
    FROM jsonb_array_elements(%s::jsonb) WITH ORDINALITY AS t(e, n)
    ORDER BY n"""
)
# One event (a card played mid-trick, the commonest action) as plain typed parameters: for a
# single row the server spends less on VALUES than on unpacking a JSON array (about 7% of the
# append in bench.appends' shape); from two rows on the array is as fast or faster.
INSERT_ONE_EVENT_AND_HEAD = _EVENTS_AND_HEAD.format(rows="    VALUES (%s, %s, %s, %s::jsonb, %s::jsonb, %s, %s, %s)")
OWNER_UPDATE = ", owner AS (UPDATE {table} SET {columns} WHERE {pk} = %s)\n"


def owner_update(owner):
    """The owner row's UPDATE as a CTE of the append's statement, and its parameters."""
    instance, fields = owner
    meta = instance._meta
    columns = [meta.get_field(name) for name in fields]
    quote = connection.ops.quote_name
    sql = OWNER_UPDATE.format(
        table=quote(meta.db_table),
        columns=", ".join(f"{quote(f.column)} = %s" for f in columns),
        pk=quote(meta.pk.column),
    )
    values = [f.get_db_prep_save(getattr(instance, f.attname), connection) for f in columns]
    return sql, [*values, instance.pk]


def insert_in_one_statement(rows, documents, sealed, owner=None):
    if len(rows) == 1:
        (row,) = rows
        sql = INSERT_ONE_EVENT_AND_HEAD
        values = [row.stream, row.version, row.type, canonical_json(row.payload), canonical_json(row.metadata)]
        values += [row.recorded_at, row.prev_hash, row.hash]
    else:
        sql = INSERT_EVENTS_AND_HEAD
        batch = ",".join(
            f'{{"d":{document},"p":"{row.prev_hash}","h":"{row.hash}"}}' for row, document in zip(rows, documents)
        )
        values = [f"[{batch}]"]
    also, params = owner_update(owner) if owner is not None else ("", [])
    with connection.cursor() as cursor:
        cursor.execute(
            sql.format(owner=also),
            [*values, sealed.stream, sealed.version, sealed.hash, sealed.seal, *params],
        )
        positions = [position for (position,) in cursor.fetchall()]
    for row, position in zip(rows, positions, strict=True):
        row.position = row.pk = position
        row._state.adding, row._state.db = False, connection.alias


def stream_events(stream, after=0, limit=None, upto=None):
    """The stream's events with ``after`` < version (<= ``upto`` when given), in order, as model
    rows. Readers of a match pass its row's version as ``upto``: they show the head the row
    names, and rows planted past it (verify_match reports them) change nothing they show."""
    qs = Event.objects.filter(stream=stream, version__gt=after).order_by("version")
    if upto is not None:
        qs = qs.filter(version__lte=upto)
    return list(qs[:limit] if limit else qs)


def chain_since(stream, after, upto):
    """(type, payload, prev_hash, hash) of the stream's events with ``after`` < version <=
    ``upto``, in order: what a process folds onto a state it holds at ``after`` (an action's
    commonest read, games.service.states.caught_up), with SQL written once (games.sql_once)."""
    sql, columns = _chain_since(connection.alias, connection.vendor)
    return [columns.values(row, connection) for row in sql_once.fetch(connection, sql, [stream, after, upto])]


@functools.cache
def _chain_since(using, vendor):
    columns = sql_once.Columns(Event, connection, ["type", "payload", "prev_hash", "hash"])
    quote = connection.ops.quote_name
    meta = Event._meta
    stream, version = (quote(meta.get_field(name).column) for name in ("stream", "version"))
    sql = (
        f"SELECT {columns.select} FROM {quote(meta.db_table)} "
        f"WHERE {stream} = %s AND {version} > %s AND {version} <= %s ORDER BY {version}"
    )
    return sql, columns


def shown_rows(stream, head_version):
    """The rows a reader shows of a match stream whose row names ``head_version``: up to that
    head, and up to the first ``game_ended``. A game is over there; the platform appends
    nothing after it, nor past the head it writes with each append, so rows found there were
    planted: verify_match reports them, and the pages, the API and their replays leave them
    out instead of failing on them."""
    rows = stream_events(stream, upto=head_version)
    for index, row in enumerate(rows):
        if row.type == "game_ended":
            return rows[: index + 1]
    return rows


def as_engine_event(row):
    """The engine's view of a stored event: its type and payload in one dict."""
    return {"type": row.type, **row.payload}


def check_chain(rows):
    """The first problem in a stream's rows as (version, message), or None if the chain holds.

    Catches a changed field (the hash no longer matches), a gap or reordering in the versions,
    and a removed event (the next one's prev_hash points at nothing).
    """
    prev_hash, expected = GENESIS_HASH, 1
    for row in rows:
        if row.version != expected:
            return row.version, _("version %(version)s where %(expected)s was expected") % {
                "version": row.version,
                "expected": expected,
            }
        if row.prev_hash != prev_hash:
            return row.version, _("its prev_hash does not match the hash of the event before it")
        doc = event_document(row.stream, row.version, row.type, row.payload, row.metadata, row.recorded_at)
        if chain_hash(prev_hash, doc) != row.hash:
            return row.version, _("its hash does not match the event's contents")
        prev_hash, expected = row.hash, expected + 1
    return None
