"""Pages send a Content-Security-Policy that allows scripts and styles from the site's own files
only (no 'unsafe-inline', no eval), and no template needs more: no inline script, event
handler, <style> or style attribute; htmx is told not to add its indicator style.
(tests/deploy/test_pages_raise_no_csp_violation_in_a_real_browser.py checks it in Chromium.)"""

import re
from pathlib import Path

import pytest
from django.test import Client

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
INLINE_SCRIPT = re.compile(r"<script\b(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.I)
HANDLER = re.compile(r"""\son[a-z]+\s*=\s*["']""", re.I)
STYLE = re.compile(r"<style\b|\sstyle\s*=", re.I)


def directives(response):
    policy = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path", ["/", "/accounts/login/", "/accounts/signup/", "/api/v1/docs/", "/api/v1/matches/", "/no-such-page/"]
)
def test_every_response_carries_the_policy(path):
    policy = directives(Client().get(path))
    assert policy["script-src"] == ["'self'"] and policy["style-src"] == ["'self'"]
    assert policy["default-src"] == ["'self'"] and policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]


@pytest.mark.parametrize("path", sorted(TEMPLATES.rglob("*.html")), ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_no_template_holds_inline_script_handler_or_style(path):
    source = path.read_text(encoding="utf-8")
    assert INLINE_SCRIPT.findall(source) == [] and HANDLER.findall(source) == [] and STYLE.findall(source) == []


@pytest.mark.django_db
def test_the_api_docs_page_has_no_inline_script_or_style():
    page = Client().get("/api/v1/docs/").content.decode()
    assert INLINE_SCRIPT.findall(page) == [] and STYLE.findall(page) == []
    script = Client().get("/api/v1/docs/?script=")  # Swagger UI's set-up, as a file of its own
    assert script.status_code == 200 and "SwaggerUIBundle" in script.content.decode()


@pytest.mark.django_db
def test_htmx_is_told_not_to_add_its_indicator_style():
    page = Client().get("/").content.decode()
    assert '"includeIndicatorStyles": false' in page and "htmx" in page


def test_the_checks_would_find_inline_code():
    assert INLINE_SCRIPT.findall('<script>alert(1)</script><script src="/x.js"></script>') == ["<script>"]
    assert HANDLER.findall('<select onchange="this.form.submit()">') and STYLE.findall('<p style="x">')
