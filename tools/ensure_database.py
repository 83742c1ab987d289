"""Create DATABASE_URL's PostgreSQL database if it is missing, after checking that the role may
create databases: pytest-django creates ``test_<name>`` beside it (and one per xdist worker),
which needs CREATEDB or superuser. Used by .ci/run and make test-pg.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/kingrifki_test_pg python tools/ensure_database.py
"""

import os

import psycopg


def main():
    url = os.environ["DATABASE_URL"]
    server, name = url.rsplit("/", 1)
    with psycopg.connect(server + "/postgres", autocommit=True) as conn:
        can_create = conn.execute(
            "SELECT rolsuper OR rolcreatedb FROM pg_roles WHERE rolname = current_user"
        ).fetchone()[0]
        if not can_create:
            raise SystemExit("the PostgreSQL role cannot create databases (needed for test_" + name + ")")
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')
            print("created database", name)


if __name__ == "__main__":
    main()
