"""Database triggers that make the event table append-only (DESIGN.md 3.3).

Installed by migration ``games.0002_event_append_only``. PostgreSQL refuses UPDATE, DELETE and
TRUNCATE; SQLite (which has no TRUNCATE: ``DELETE FROM`` without a WHERE clause fires the
delete trigger) refuses UPDATE and DELETE. The table's owner could still drop a trigger: the
hash chain, not the trigger, is what proves a log untouched; the trigger stops mistakes and
casual edits from happening at all.
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
SQLITE_REMOVE = [
    "DROP TRIGGER IF EXISTS games_event_no_update",
    "DROP TRIGGER IF EXISTS games_event_no_delete",
]


def statements(vendor, install=True):
    if vendor == "postgresql":
        return POSTGRES_INSTALL if install else POSTGRES_REMOVE
    if vendor == "sqlite":
        return SQLITE_INSTALL if install else SQLITE_REMOVE
    raise NotImplementedError(f"no append-only triggers for database vendor {vendor!r}")


def install(connection):
    with connection.cursor() as cursor:
        for sql in statements(connection.vendor):
            cursor.execute(sql)


def remove(connection):
    with connection.cursor() as cursor:
        for sql in statements(connection.vendor, install=False):
            cursor.execute(sql)
