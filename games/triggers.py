"""Database triggers that make the event table append-only (DESIGN.md 3.3).

Installed by migrations ``games.0002_event_append_only`` and
``games.0007_stream_head_replace_guard`` (the replace guard). PostgreSQL refuses UPDATE, DELETE
and TRUNCATE; an ``INSERT ... ON CONFLICT DO UPDATE`` or a ``MERGE`` over a stored event fires
the UPDATE (or DELETE) trigger and is refused with it.
SQLite (which has no TRUNCATE: ``DELETE FROM`` without a WHERE clause fires the delete trigger)
refuses UPDATE and DELETE, and an insert over a stored event: ``INSERT OR REPLACE`` (and
``REPLACE INTO``) deletes the row it replaces without firing the DELETE trigger (unless
``PRAGMA recursive_triggers`` is on, which is per connection: a copy of the database opened
elsewhere would not have it), so a BEFORE INSERT trigger refuses any insert whose
(stream, version) or position is already stored. A plain insert of a taken version is refused
by it too, as the unique constraint would: both are IntegrityErrors, which
``eventlog.append`` turns into a VersionConflict.

The table's owner could still drop a trigger: the hash chain and the sealed head
(``games.eventlog.head_seal``), not the trigger, are what prove a log untouched; the trigger
stops mistakes and casual edits from happening at all.
"""

TABLE = "games_event"
MESSAGE = "games_event is append-only: record a correcting event instead"

POSTGRES_INSTALL = [
    f"""
    CREATE OR REPLACE FUNCTION games_event_refuse_change() RETURNS trigger AS $$
    BEGIN
        RAISE EXCEPTION '{MESSAGE} (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
    END;
    $$ LANGUAGE plpgsql
    """,
    f"""
    CREATE TRIGGER games_event_no_update_delete BEFORE UPDATE OR DELETE ON {TABLE}
    FOR EACH ROW EXECUTE FUNCTION games_event_refuse_change()
    """,
    f"""
    CREATE TRIGGER games_event_no_truncate BEFORE TRUNCATE ON {TABLE}
    FOR EACH STATEMENT EXECUTE FUNCTION games_event_refuse_change()
    """,
]
POSTGRES_REMOVE = [
    f"DROP TRIGGER IF EXISTS games_event_no_truncate ON {TABLE}",
    f"DROP TRIGGER IF EXISTS games_event_no_update_delete ON {TABLE}",
    "DROP FUNCTION IF EXISTS games_event_refuse_change()",
]

SQLITE_INSTALL = [
    f"""
    CREATE TRIGGER games_event_no_update BEFORE UPDATE ON {TABLE}
    BEGIN SELECT RAISE(ABORT, '{MESSAGE} (UPDATE refused)'); END
    """,
    f"""
    CREATE TRIGGER games_event_no_delete BEFORE DELETE ON {TABLE}
    BEGIN SELECT RAISE(ABORT, '{MESSAGE} (DELETE refused)'); END
    """,
]
# IF NOT EXISTS: migration 0002 installs every statement here on a new database, then 0007
# installs this one on a database 0002 had already run on.
SQLITE_NO_REPLACE = [
    f"""
    CREATE TRIGGER IF NOT EXISTS games_event_no_replace BEFORE INSERT ON {TABLE}
    WHEN EXISTS (SELECT 1 FROM {TABLE} WHERE stream = NEW.stream AND version = NEW.version)
      OR EXISTS (SELECT 1 FROM {TABLE} WHERE position = NEW.position)
    BEGIN SELECT RAISE(ABORT, '{MESSAGE} (an insert over a stored event refused)'); END
    """,
]
SQLITE_INSTALL += SQLITE_NO_REPLACE
SQLITE_REMOVE = [
    "DROP TRIGGER IF EXISTS games_event_no_replace",
    "DROP TRIGGER IF EXISTS games_event_no_update",
    "DROP TRIGGER IF EXISTS games_event_no_delete",
]


def statements(vendor, install=True):
    if vendor == "postgresql":
        return POSTGRES_INSTALL if install else POSTGRES_REMOVE
    if vendor == "sqlite":
        return SQLITE_INSTALL if install else SQLITE_REMOVE
    raise NotImplementedError(f"no append-only triggers for database vendor {vendor!r}")


def install_replace_guard(connection):
    """Only the replace guard (migration 0007); PostgreSQL needs none: see the docstring."""
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            for sql in SQLITE_NO_REPLACE:
                cursor.execute(sql)


def remove_replace_guard(connection):
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("DROP TRIGGER IF EXISTS games_event_no_replace")


def install(connection):
    with connection.cursor() as cursor:
        for sql in statements(connection.vendor):
            cursor.execute(sql)


def remove(connection):
    with connection.cursor() as cursor:
        for sql in statements(connection.vendor, install=False):
            cursor.execute(sql)
