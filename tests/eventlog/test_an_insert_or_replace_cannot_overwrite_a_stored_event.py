"""A replacing insert cannot overwrite a stored event.

SQLite's ``INSERT OR REPLACE`` (and ``REPLACE INTO``) deletes the row it conflicts with
without firing the DELETE trigger (recursive triggers are off, and a copy of the database
opened elsewhere would have them off whatever this site sets), so a BEFORE INSERT trigger
refuses any insert over a stored (stream, version) or position. PostgreSQL has no REPLACE; its
``MERGE`` can update or delete a matched row, and fires the UPDATE and DELETE triggers.
``make test`` runs tests/eventlog on both databases; each runs its own dialect's statements.
"""

import pytest
from django.db import DatabaseError, connection, transaction

from games.models import Event

COLUMNS = "stream, version, type, payload, metadata, recorded_at, prev_hash, hash"
FORGED = ("forged", '{"n": 99}', "{}", "2026-01-01 00:00:00", "0" * 64, "f" * 64)
VALUES8 = f"VALUES ({', '.join(['%s'] * 8)})"
MERGE = (
    "MERGE INTO games_event e USING (VALUES (%s, %s)) AS s(stream, version) "
    "ON e.stream = s.stream AND e.version = s.version WHEN MATCHED THEN "
)

# Each: stored event -> (sql, params), in the dialect of the database the tests run on.
REPLACING = {
    "sqlite": {
        "insert_or_replace": lambda e: (
            f"INSERT OR REPLACE INTO games_event ({COLUMNS}) {VALUES8}",
            (e.stream, e.version, *FORGED),
        ),
        "replace_into": lambda e: (f"REPLACE INTO games_event ({COLUMNS}) {VALUES8}", (e.stream, e.version, *FORGED)),
        # the stored event's position under another stream and version: the row there would go
        "replace_by_position": lambda e: (
            f"INSERT OR REPLACE INTO games_event (position, {COLUMNS}) VALUES ({', '.join(['%s'] * 9)})",
            (e.position, "match/2", 1, *FORGED),
        ),
    },
    "postgresql": {
        "merge_update": lambda e: (MERGE + "UPDATE SET type = 'forged'", (e.stream, e.version)),
        "merge_delete": lambda e: (MERGE + "DELETE", (e.stream, e.version)),
    },
}[connection.vendor]


@pytest.mark.parametrize("statement", sorted(REPLACING))
def test_a_replacing_insert_is_refused_and_the_stored_event_stays(append_game, statement):
    rows = append_game(n=3)
    stored = rows[1]
    sql, params = REPLACING[statement](stored)
    with pytest.raises(DatabaseError) as err, transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, params)
    assert "append-only" in str(err.value)
    kept = Event.objects.get(pk=stored.pk)
    assert (kept.stream, kept.version, kept.type, kept.payload, kept.hash) == (
        stored.stream,
        stored.version,
        stored.type,
        stored.payload,
        stored.hash,
    )
    assert Event.objects.count() == 3 and not Event.objects.filter(type="forged").exists()
