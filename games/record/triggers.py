"""Database triggers: the event table is append-only (docs/architecture.md §3.3), and a seat lies within its
match's table (at the end).

The event log's triggers are installed by migrations ``games.0002_event_append_only`` and
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
(``games.record.eventlog.head_seal``), not the trigger, are what prove a log untouched; the trigger
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


# ----------------------------------------------------------------------------- seats
# A seat lies within its match's table: index < Match.num_seats (issue 16). A CHECK constraint
# cannot read another row, so the seat table's own check bounds an index by the largest table of
# any ruleset, and these triggers hold each seat to its own match's size (migration
# ``games.0009_seat_within_its_table``). do_create_match already makes exactly a match's seats;
# the trigger is what keeps a hand-made row, a script or a bug from adding a fifth seat to King.
SEAT_MESSAGE = "a seat index must be below the num_seats of its match"  # no quotes: inlined in SQL
POSTGRES_SEAT_GUARD = [
    f"""
    CREATE OR REPLACE FUNCTION games_seat_within_its_table() RETURNS trigger AS $$
    BEGIN
        IF NEW."index" >= (SELECT num_seats FROM games_match WHERE id = NEW.match_id) THEN
            RAISE EXCEPTION '{SEAT_MESSAGE} (seat %, match %)', NEW."index", NEW.match_id
                USING ERRCODE = 'check_violation';
        END IF;
        RETURN NEW;
    END;
    $$ LANGUAGE plpgsql
    """,
    """
    CREATE TRIGGER games_seat_within_its_table BEFORE INSERT OR UPDATE ON games_seat
    FOR EACH ROW EXECUTE FUNCTION games_seat_within_its_table()
    """,
]
POSTGRES_SEAT_GUARD_REMOVE = [
    "DROP TRIGGER IF EXISTS games_seat_within_its_table ON games_seat",
    "DROP FUNCTION IF EXISTS games_seat_within_its_table()",
]
SQLITE_SEAT_GUARD = [
    f"""
    CREATE TRIGGER games_seat_within_its_table_insert BEFORE INSERT ON games_seat
    WHEN NEW."index" >= (SELECT num_seats FROM games_match WHERE id = NEW.match_id)
    BEGIN SELECT RAISE(ABORT, '{SEAT_MESSAGE}'); END
    """,
    f"""
    CREATE TRIGGER games_seat_within_its_table_update BEFORE UPDATE ON games_seat
    WHEN NEW."index" >= (SELECT num_seats FROM games_match WHERE id = NEW.match_id)
    BEGIN SELECT RAISE(ABORT, '{SEAT_MESSAGE}'); END
    """,
]
SQLITE_SEAT_GUARD_REMOVE = [
    "DROP TRIGGER IF EXISTS games_seat_within_its_table_insert",
    "DROP TRIGGER IF EXISTS games_seat_within_its_table_update",
]
SEAT_GUARD = {
    "postgresql": (POSTGRES_SEAT_GUARD, POSTGRES_SEAT_GUARD_REMOVE),
    "sqlite": (SQLITE_SEAT_GUARD, SQLITE_SEAT_GUARD_REMOVE),
}


def install_seat_guard(connection):
    if connection.vendor not in SEAT_GUARD:
        raise NotImplementedError(f"no seat guard for database vendor {connection.vendor!r}")
    with connection.cursor() as cursor:
        for sql in SEAT_GUARD[connection.vendor][0]:
            cursor.execute(sql)


def remove_seat_guard(connection):
    with connection.cursor() as cursor:
        for sql in SEAT_GUARD.get(connection.vendor, ((), ()))[1]:
            cursor.execute(sql)
