"""While Playwright's sync API drives the browser, its event loop runs in the test's thread, and
Django keeps the connection of the test's own queries apart from the one pytest-django closes
(as an async context's). The browser fixture closes it when the browser closes: left open, it
kept PostgreSQL from dropping the test database at the end of the run ("being accessed by other
users")."""

import asyncio

import psycopg
import pytest
from django.db import connection

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def sessions(url, pid):
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
        return admin.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone()[0]


@pytest.fixture
def backend(postgres_url):
    """Set up before the browser, so torn down after it: the test's connection is gone by then."""
    seen = {}
    yield seen
    if "pid" not in seen:  # the test never got as far as its query (no browser, say): its own report says why
        return
    assert sessions(postgres_url, seen["pid"]) == 0, "the test's own database connection is still open"


def test_the_connection_of_a_browser_tests_own_queries_is_closed_with_the_browser(
    backend,
    browser,
    postgres_url,
    django_user_model,
):
    assert asyncio._get_running_loop() is not None, "Playwright's loop runs in this thread"
    assert not django_user_model.objects.filter(username="nobody").exists()
    backend["pid"] = connection.connection.info.backend_pid
    assert sessions(postgres_url, backend["pid"]) == 1
