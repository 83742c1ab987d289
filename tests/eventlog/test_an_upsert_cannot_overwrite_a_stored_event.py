"""``INSERT ... ON CONFLICT (stream, version) DO UPDATE`` cannot overwrite a stored event.

The same statement on both databases: PostgreSQL fires the UPDATE trigger for the conflicting
row, SQLite the BEFORE INSERT guard (games/record/triggers.py). ``make test`` runs tests/eventlog on
PostgreSQL (with DATABASE_URL, as CI does) and again on SQLite.
"""

import pytest
from django.db import DatabaseError, connection, transaction

from games.models import Event

UPSERT = """
    INSERT INTO games_event (stream, version, type, payload, metadata, recorded_at, prev_hash, hash)
    VALUES (%s, %s, 'forged', '{"n": 99}', '{}', '2026-01-01 00:00:00+00', %s, %s)
    ON CONFLICT (stream, version) DO UPDATE SET type = excluded.type, payload = excluded.payload,
        hash = excluded.hash
"""


def test_an_upsert_over_a_stored_event_is_refused_and_the_event_stays(append_game):
    stored = append_game(n=3)[1]
    with pytest.raises(DatabaseError) as err, transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(UPSERT, (stored.stream, stored.version, stored.prev_hash, "f" * 64))
    assert "append-only" in str(err.value)
    kept = Event.objects.get(pk=stored.pk)
    assert (kept.type, kept.payload, kept.hash) == (stored.type, stored.payload, stored.hash)
    assert Event.objects.count() == 3 and not Event.objects.filter(type="forged").exists()


def test_an_upsert_of_a_new_version_is_an_ordinary_append(append_game):
    """The guard refuses overwriting, not inserting: the statement appends a version not yet stored."""
    last = append_game(n=2)[-1]
    with connection.cursor() as cursor:
        cursor.execute(UPSERT, (last.stream, 3, last.hash, "f" * 64))
    assert Event.objects.filter(stream=last.stream).count() == 3
