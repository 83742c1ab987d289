"""A tournament's export as JSON Lines, format ``kingrifki-log/2`` (docs/events.md).

Header, the tournament record (with its root hash), one record per match it drew, then the
events of the tournament's stream and of each match's stream, in that order. The tournament's
seed is in its record only once the tournament has finished (it is revealed then, in
``tournament_ended``); each match's seed only once the match is over and its round has closed.
With the revealed seed anyone can re-derive every match's seed and every deal
(``tools/verify_export.py``).

The matches are the ones the exported ``round_started`` events drew, and each stream is
exported up to the version its record declares, read from the row before its events: the
records, the events and the root hash all describe one consistent moment, even mid-round.
"""

from games.models import Match
from games.record import eventlog
from games.record.export import event_lines, header_record, match_record
from games.service import access

from .models import Tournament


def drawn_match_ids(tournament):
    """Ids of the matches drawn in the tournament's stream up to its version, by round and
    table, each table's replays (ordered by replay_match rulings) after the match drawn."""
    tables, where = [], {}
    for row in eventlog.stream_events(tournament.stream):
        if row.version > tournament.version:
            break
        if row.type == "round_started":
            for t in row.payload["tables"]:
                where[t["match"]] = (row.payload["round"], t["table"])
                tables.append((row.payload["round"], t["table"], 0, t["match"]))
        elif row.type == "ruling" and row.payload.get("kind") == "replay_match":
            round_no, table = where[row.payload["match"]]
            where[row.payload["replacement"]] = (round_no, table)
            tables.append((round_no, table, row.payload["replay"], row.payload["replacement"]))
    return [match_id for *_, match_id in sorted(tables)]


def tournament_record(tournament, matches):
    """The tournament's record: its head, its matches and the root hash over all their heads."""
    heads = [(tournament.stream, tournament.version, tournament.head_hash)] + [
        (m.stream, m.version, m.head_hash) for m in matches
    ]
    finished = tournament.status == Tournament.Status.FINISHED
    return {
        "record": "tournament",
        "id": tournament.pk,
        "stream": tournament.stream,
        "name": tournament.name,
        "seed_sha256": tournament.seed_sha256,
        "seed": tournament.seed if finished else None,
        "version": tournament.version,
        "head_hash": tournament.head_hash,
        "root_hash": eventlog.root_hash(heads),
        "matches": [m.pk for m in matches],
    }


def tournament_export_lines(tournament, exported_at=None):
    """The lines (JSON text, no newline) of a tournament's export; see the module's docstring."""
    tournament = Tournament.objects.get(pk=tournament.pk)  # fresh: its version bounds what is exported
    ids = drawn_match_ids(tournament)
    by_id = Match.objects.in_bulk(ids)
    matches = [by_id[i] for i in ids]
    yield eventlog.canonical_json(header_record("tournament", exported_at))
    yield eventlog.canonical_json(tournament_record(tournament, matches))
    for match in matches:
        yield eventlog.canonical_json(match_record(match, access.is_public(match)))
    yield from event_lines(tournament.stream, tournament.version)
    for match in matches:
        yield from event_lines(match.stream, match.version)
