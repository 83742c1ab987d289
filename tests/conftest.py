import os

import pytest
from hypothesis import HealthCheck, settings

# HYPOTHESIS_PROFILE=ci (set by .ci/run) searches harder; timing deadlines are off because
# a loaded 2-core machine would make them flaky.
settings.register_profile(
    "ci", max_examples=200, deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=50, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"

# The shared cast of fixtures (docs/testing.md): any test in any directory asks for these by
# name; none is imported.
pytest_plugins = [
    "tests.fixtures.people",
    "tests.fixtures.matches",
    "tests.fixtures.bots",
    "tests.fixtures.tournaments",
    "tests.fixtures.verifier",
    "tests.fixtures.services",
    "tests.fixtures.browser",
    "tests.fixtures.api_fuzzing",
    "tests.fixtures.throttles",
]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """With REQUIRE_SERVICES=1 (CI), a skipped `services` test fails the run: CI must never
    go green because PostgreSQL, Redis or the worker quietly went missing."""
    report = yield
    if REQUIRE_SERVICES and report.skipped and not hasattr(report, "wasxfail") and item.get_closest_marker("services"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        reason = reason.removeprefix("Skipped: ")
        report.outcome = "failed"
        report.longrepr = f"REQUIRE_SERVICES=1 but this services test was skipped: {reason}"
    return report


@pytest.fixture(scope="session", autouse=True)
def flush_lifts_the_event_log_triggers():
    """Transactional tests end with a flush of every table (TRUNCATE on PostgreSQL, DELETE on
    SQLite), which the event log's append-only triggers refuse. In this test process only, a
    flush removes the triggers for its own statements and puts them back: production keeps
    them whole, and tests/eventlog checks they are back after every flush."""
    from django.db import connection

    from games.record import triggers

    ops = type(connection.ops)
    original = ops.execute_sql_flush

    def execute_sql_flush(self, sql_list):
        triggers.remove(self.connection)
        try:
            original(self, sql_list)
        finally:
            triggers.install(self.connection)

    ops.execute_sql_flush = execute_sql_flush
    yield
    ops.execute_sql_flush = original


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """PBKDF2 is slow by design; tests check behaviour, not the hasher's strength."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_cache(settings):
    """Each test counts its rate limits (games/accounts/throttles.py) in a cache namespace of its own, so
    no test inherits another's attempts. A new key prefix rather than cache.clear(): in CI the
    cache is Redis, whose clear() would flush Celery's queues too."""
    import uuid

    settings.CACHES = {
        alias: {**config, "KEY_PREFIX": f"test-{uuid.uuid4().hex}"} for alias, config in settings.CACHES.items()
    }


@pytest.fixture(autouse=True)
def enqueued_bot_turns(monkeypatch):
    """Bot turns the site would hand to Celery, recorded instead of published: no test leaves
    tasks in a broker that no worker reads. Worker tests start their workers themselves."""
    import bots.tasks
    import tournaments.tasks
    import tournaments.tasks_standings

    recorded = []
    monkeypatch.setattr(bots.tasks, "enqueue", lambda match_id, version, *_: recorded.append((match_id, version)))
    monkeypatch.setattr(
        tournaments.tasks_standings.update_standings,
        "apply_async",
        lambda args: recorded.append(("update_standings", *args)),
    )
    monkeypatch.setattr(
        tournaments.tasks.advance_tournament, "apply_async", lambda args: recorded.append(("advance_tournament", *args))
    )
    return recorded


@pytest.fixture(autouse=True)
def webhook_calls_queued(monkeypatch):
    """A webhook bot's events and pings the site would hand to the webhook queue, recorded
    instead, each as ("event", event id) or ("ping", bot id): no test calls a bot by chance."""
    from bots import events

    recorded = []
    kinds = {events.DELIVER_TASK: "event", events.PING_TASK: "ping"}
    monkeypatch.setattr(events, "to_webhook_queue", lambda task, argument: recorded.append((kinds[task], argument)))
    return recorded


@pytest.fixture(autouse=True)
def armed_deadlines(monkeypatch):
    """People's deadline tasks the site would queue, recorded instead of published, each as
    (match_id, version, wake): the row's ``clock_wake_at`` is still written."""
    import bots.tasks

    recorded = []
    monkeypatch.setattr(bots.tasks, "queue_deadline", lambda *args: recorded.append(args))
    return recorded


@pytest.fixture(autouse=True)
def each_test_starts_in_the_sites_language():
    """A request activates its reader's language in the thread that serves it, and Django leaves
    it active afterwards: the test client serves requests in the test's own thread, so without
    this a page read in Turkish would make the next test's lazy strings Turkish."""
    from django.utils import translation

    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def no_state_cached_from_another_test():
    """games.service.states caches replayed states by match id and version; the test database hands
    the same ids out again after each rollback, so a state cached by an earlier test could pass
    for this test's match. Start every test with the cache empty."""
    from games.service import states

    states._STATES.clear()
    yield
    states._STATES.clear()
