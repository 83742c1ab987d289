"""With production's environment (DEBUG off, a long SECRET_KEY, ALLOWED_HOSTS) the settings pass
`manage.py check --deploy` with no warning at all: HTTPS redirect, HSTS, Secure cookies, and
the rest. The proxy's HTTPS header and plain HTTP for a local try are settings of their own."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]
# What the test process has set for itself (pytest.ini, a developer's shell) must not leak in.
DROPPED = {
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "DATABASE_URL",
    "REDIS_URL",
    "SECURE_SSL_REDIRECT",
    "SECURE_PROXY_SSL_HEADER",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_HSTS_PRELOAD",
    "DJANGO_SETTINGS_MODULE",
}


def production_env(tmp_path, **extra):
    env = {k: v for k, v in os.environ.items() if k not in DROPPED}
    env.update(
        {
            "SECRET_KEY": secrets.token_urlsafe(64),
            "ALLOWED_HOSTS": "club.example.org",
            "DEBUG": "0",
            "VAR_DIR": str(tmp_path / "var"),
        },
        **extra,
    )
    return env


def manage(tmp_path, *args, **extra):
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        env=production_env(tmp_path, **extra),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_deploy_check_passes_with_no_warning(tmp_path):
    check = manage(tmp_path, "check", "--deploy", "--fail-level", "WARNING")
    assert check.returncode == 0, check.stdout + check.stderr
    assert "no issues" in check.stdout, check.stdout + check.stderr


def test_plain_http_for_a_local_try_is_a_setting_and_the_check_says_so(tmp_path):
    check = manage(tmp_path, "check", "--deploy", "--fail-level", "WARNING", SECURE_SSL_REDIRECT="0")
    assert check.returncode != 0
    assert "security.W008" in check.stderr + check.stdout  # SECURE_SSL_REDIRECT
    assert "security.W012" in check.stderr + check.stdout  # session cookie not Secure: it would not come back


SHOW = (
    "from django.conf import settings as s; print(repr((s.SECURE_SSL_REDIRECT, s.SECURE_PROXY_SSL_HEADER, "
    "s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_HSTS_SECONDS > 0)))"
)


def test_behind_a_proxy_the_https_header_it_sets_is_trusted(tmp_path):
    shown = manage(tmp_path, "shell", "-c", SHOW, SECURE_PROXY_SSL_HEADER="X-Forwarded-Proto")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip().splitlines()[-1] == "(True, ('HTTP_X_FORWARDED_PROTO', 'https'), True, True, True)"
