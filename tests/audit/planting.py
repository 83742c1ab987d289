"""A forger's tools for the audit tests: events planted after a stream's last one (a plain
INSERT of a new version: the append-only triggers refuse changes, not new rows), a match row
moved onto them, a stream rewritten from a copy of the database with every later hash
recomputed, and a head sealed with a given key."""

from django.db import connection
from django.utils import timezone

from games.models import Event, Match, StreamHead
from games.record import eventlog, triggers


def plant(stream, events):
    """Insert ``events`` (dicts with a "type") after the stream's last stored event, chained to
    it as the platform would chain them, without touching the match row or the sealed head."""
    last = Event.objects.filter(stream=stream).order_by("-version").first()
    version, prev_hash = (last.version, last.hash) if last else (0, eventlog.GENESIS_HASH)
    now = timezone.now()
    rows = []
    for event in events:
        version += 1
        payload = {k: v for k, v in event.items() if k != "type"}
        doc = eventlog.event_document(stream, version, event["type"], payload, {"actor": "forger"}, now)
        digest = eventlog.chain_hash(prev_hash, doc)
        rows.append(
            Event(
                stream=stream,
                version=version,
                type=event["type"],
                payload=payload,
                metadata={"actor": "forger"},
                recorded_at=now,
                prev_hash=prev_hash,
                hash=digest,
            )
        )
        prev_hash = digest
    Event.objects.bulk_create(rows)
    return rows


def move_row(match, rows):
    """The match row's head moved onto the last of ``rows`` (as the service moves it)."""
    Match.objects.filter(pk=match.pk).update(version=rows[-1].version, head_hash=rows[-1].hash)
    match.refresh_from_db()


def rewrite(stream, version, metadata):
    """Give the event at ``version`` other ``metadata`` (who acted: nothing the rules re-check)
    and recompute every later hash, as whoever holds a copy of the database can; the triggers
    are lifted for it. Returns the new last hash (the forger then writes it into the row)."""
    rows = eventlog.stream_events(stream)
    prev = rows[version - 1].prev_hash
    triggers.remove(connection)
    try:
        for row in rows[version - 1 :]:
            meta = metadata if row.version == version else row.metadata
            doc = eventlog.event_document(row.stream, row.version, row.type, row.payload, meta, row.recorded_at)
            digest = eventlog.chain_hash(prev, doc)
            Event.objects.filter(pk=row.pk).update(metadata=meta, prev_hash=prev, hash=digest)
            prev = digest
    finally:
        triggers.install(connection)
    return prev


def seal(stream, version, digest, key):
    """Write the stream's sealed head, sealed with ``key`` (bytes)."""
    StreamHead.objects.update_or_create(
        stream=stream,
        defaults={"version": version, "hash": digest, "seal": eventlog.head_seal(stream, version, digest, key)},
    )
