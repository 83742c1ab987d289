"""Under the site's Content-Security-Policy, Chromium refuses nothing on the pages people use,
and what runs on them still works: htmx refreshes a live table, the table's own script runs
its clock, the language picker's script loads, Swagger UI draws the API docs. A violation
(an inline script or style, an eval) is reported by the browser and fails the test."""

import re

import pytest

from tests.fixtures.browser import sign_up

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

WATCH = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__cspViolations.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " " + e.sourceFile);
});
"""


def watched(page):
    """Record the page's CSP violations, as events and as the console errors Chromium writes."""
    refused = []
    page.add_init_script(WATCH)
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    return refused


def violations(page, refused):
    return refused + page.evaluate("window.__cspViolations || []")


def test_pages_run_their_scripts_and_raise_no_csp_violation(new_page):
    page = new_page()
    refused = watched(page)

    page.goto("/")
    assert page.evaluate("typeof htmx") == "object"  # htmx loaded from the site's static files
    assert page.evaluate("htmx.config.includeIndicatorStyles") is False
    assert violations(page, refused) == []

    sign_up(page, "visitor")
    page.goto("/play/")
    page.check("input[name=ruleset][value=king]")
    page.locator("#play-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    with page.expect_response(re.compile(r"/matches/\d+/live/"), timeout=10_000) as refresh:
        pass  # htmx polls the live table every second
    assert refresh.value.status in (200, 204)  # 204: nothing new since the version it holds
    # table.js (a static file) starts the clock: it stamps each clock with its start time.
    page.wait_for_selector("#clock time[data-start]", state="attached", timeout=10_000)
    assert violations(page, refused) == []

    page.goto("/api/v1/docs/")
    page.wait_for_selector(".swagger-ui .info .title", timeout=20_000)  # Swagger UI drew the schema
    assert violations(page, refused) == []
