"""Browser tests: Playwright drives Debian's Chromium (``make system-packages`` installs it;
Playwright's own browser download is never used) against the site served by pytest-django's
live server on the test PostgreSQL database, while a real Celery worker, reading the same
database through Redis, plays every bot seat.

They are ``services`` tests: without PostgreSQL and Redis they skip, and with REQUIRE_SERVICES=1
(CI) a skip is a failure. Each test saves screenshots under var/screenshots/.
"""

import os
import shutil
from pathlib import Path

import pytest

import bots.tasks as bots_tasks
import tournaments.tasks as tournaments_tasks
import tournaments.tasks_standings as standings_tasks
from tests.services.conftest import celery_worker_factory, postgres_url, redis_url  # noqa: F401  (fixtures)

BASE_DIR = Path(__file__).resolve().parents[2]
SCREENSHOTS = BASE_DIR / "var" / "screenshots"
# As the machine's notes advise for a closed network: no background connections at start.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}  # a phone at a club table
TIMEOUT_MS = 30_000  # a loaded 2-core CI machine: generous, but a hang still fails


def chromium_path():
    return os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


# What the site does with bot turns and tournament steps, captured before tests/conftest.py's
# autouse fixture swaps in its recorder: tests with a worker put them back.
SEND_BOT_TURNS = bots_tasks.enqueue
SENDERS = {task: task.apply_async for task in (standings_tasks.update_standings, tournaments_tasks.advance_tournament)}


@pytest.fixture
def bot_worker(celery_worker_factory, redis_url, postgres_url, monkeypatch, enqueued_bot_turns):  # noqa: F811
    """A real worker on its own queue, on the test database; the site's bot turns and
    tournament steps go to it (instead of tests/conftest.py's recorder)."""
    from django.db import connection

    from config.celery import app

    queue = celery_worker_factory.queue_name()
    env = {"DATABASE_URL": postgres_url.rsplit("/", 1)[0] + "/" + connection.settings_dict["NAME"]}
    worker = celery_worker_factory(redis_url, queue=queue, extra_env=env)
    monkeypatch.setattr(bots_tasks, "enqueue", SEND_BOT_TURNS)
    for task, send in SENDERS.items():
        monkeypatch.setattr(task, "apply_async", send)
    default_queue = app.conf.task_default_queue
    app.conf.task_default_queue = queue
    yield worker
    app.conf.task_default_queue = default_queue


@pytest.fixture
def browser(monkeypatch):
    """A headless Chromium, started afresh for each test."""
    path = chromium_path()
    if path is None:
        pytest.skip("Chromium is not installed (make system-packages installs it)")
    from django.db import connections
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread, which Django's guard against
    # database calls from async code would take for one; the test's own calls are synchronous.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()
            # While that loop runs, Django keeps this thread's database connections apart from
            # its usual ones (as an async context's), so the connection the test's own queries
            # opened is one that pytest-django's teardown, after the loop, never sees: left
            # open, it kept the test database from being dropped ("being accessed by other
            # users"). Close it here, while the loop still runs and it can be seen.
            connections.close_all()


@pytest.fixture
def new_page(browser, live_server):
    """new_page(phone=False, locale="en"): a page in a fresh context (its own cookies) on the
    live server, from a browser whose language is ``locale`` (its Accept-Language)."""
    contexts = []

    def make(phone=False, locale="en"):
        context = browser.new_context(
            base_url=live_server.url, viewport=PHONE if phone else None, is_mobile=phone, has_touch=phone, locale=locale
        )
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def screenshot(request):
    """screenshot(page, name): save var/screenshots/<test>-<name>.png; returns the path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(page, name):
        path = SCREENSHOTS / f"{request.node.name}-{name}.png"
        page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 0
        return path

    return take


PASSWORD = "a long club password"


def sign_up(page, username):
    """Sign ``username`` up through the sign-up page; they are logged in afterwards."""
    page.goto("/accounts/signup/")
    page.fill("#id_username", username)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Create my account").click()
    page.wait_for_selector(f"header .account >> text={username}")


def log_in(page, username, password=PASSWORD):
    page.goto("/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.locator("main form button[type=submit]").click()
    page.wait_for_selector(f"header .account >> text={username}")
