"""Exports of the event log as JSON Lines, format ``kingrifki-log/2`` (docs/events.md).

An export is what an outsider needs to check a match (or a tournament, see
``tournaments.export``) with nothing but the file and ``tools/verify_export.py``:

1. a header: ``{"record": "header", "format": "kingrifki-log/2", "kind": "match", "exported_at": ...}``;
2. the match record: its ruleset, table size, options, deal rules (the ruleset's, as data),
   board, seed commitment, the seed once it is public, whether the match was still live, and
   the head (version and hash) of its stream as the database holds it;
3. every event of the stream, versions ascending, with the fields ``games.record.eventlog.event_document``
   hashes plus ``prev_hash`` and ``hash``.

Every line is canonical JSON (``eventlog.canonical_json``): the bytes a verifier hashes are the
bytes it reads back. Each stream is exported up to the version its record declares, read from
the record's row first: events are append-only and a row's version moves in the same
transaction as its appends, so the record and the events always describe the same moment
even while the match goes on.

Who may download an export is the caller's decision. Note that the events carry every dealt
hand (they cannot be redacted without breaking the hash chain): only a finished deal's cards
may be shown to anyone (docs/architecture.md §3.5), so a live match should not be exported to the public.
"""

from django.utils import timezone

from games.engine import RULESETS
from games.models import Event, Match
from games.record import eventlog

FORMAT = "kingrifki-log/2"


def header_record(kind, exported_at=None):
    """The first line of an export: the format, what it holds (``match`` or ``tournament``), when."""
    when = exported_at or timezone.now()
    return {"record": "header", "format": FORMAT, "kind": kind, "exported_at": when.isoformat()}


def match_record(match, reveal_seed):
    """The match's record; its seed only when ``reveal_seed``, which the caller decides (the
    record keeps no rule of who may see a seed: ``games.service.access.public_export`` reveals it
    once the match is public)."""
    seed = match.seed if reveal_seed and match.seed else None
    return {
        "record": "match",
        "id": match.pk,
        "stream": match.stream,
        "ruleset": match.ruleset,
        "num_seats": match.num_seats,
        "options": match.options,
        # Who deals and from which seat, as data: what lets tools/verify_export.py re-derive the
        # deals without knowing the game (docs/events.md, "Deal rules").
        "deal_rules": RULESETS[match.ruleset].deal_rules,
        "board": match.board,
        "seed_sha256": match.seed_sha256 or None,
        "seed": seed,
        # Whether the match was still in play when exported: a log that stops before game_ended
        # is then where the game stood, not a log cut short (docs/events.md).
        "live": match.status == Match.Status.LIVE,
        "version": match.version,
        "head_hash": match.head_hash,
    }


def event_record(row):
    """One event as an export line holds it: the hashed document plus the chain's two hashes."""
    doc = eventlog.event_document(row.stream, row.version, row.type, row.payload, row.metadata, row.recorded_at)
    return {"record": "event", **doc, "prev_hash": row.prev_hash, "hash": row.hash}


def stream_rows(stream, upto):
    """The stream's events with version 1..``upto``, in order, read in batches."""
    return Event.objects.filter(stream=stream, version__lte=upto).order_by("version").iterator(chunk_size=500)


def event_lines(stream, upto):
    """The export lines of a stream's events up to version ``upto``."""
    for row in stream_rows(stream, upto):
        yield eventlog.canonical_json(event_record(row))


def match_export_lines(match, reveal_seed, exported_at=None):
    """The lines (JSON text, no newline) of a match's export: header, match record, events.

    The seed is in the record only when ``reveal_seed``: the caller decides, as the log knows
    no rule of who may see what (``games.service.access.public_export`` reveals it once the
    match is over with public cards).
    """
    match = Match.objects.get(pk=match.pk)  # a fresh row: its version bounds the events exported
    yield eventlog.canonical_json(header_record("match", exported_at))
    yield eventlog.canonical_json(match_record(match, reveal_seed))
    yield from event_lines(match.stream, match.version)
