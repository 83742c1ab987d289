"""Rate settings read "count/period": 5/m, 20/h, 10/30s, several per scope, empty for no limit;
anything else is refused when read. RATE_LIMITS (environment) overrides scopes by name."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from games.accounts.throttles import parse_rates

BASE_DIR = Path(__file__).resolve().parents[2]


def test_rates_parse():
    assert parse_rates("5/m, 20/h") == ((5, 60), (20, 3600))
    assert parse_rates("10/30s") == ((10, 30),)
    assert parse_rates("100/day,3/sec") == ((100, 86400), (3, 1))
    assert parse_rates("") == () and parse_rates(None) == ()


@pytest.mark.parametrize("bad", ["5", "five/m", "5/w", "0/m", "5/0m", "-1/m", "5/m;6/h"])
def test_a_bad_rate_is_refused(bad):
    with pytest.raises(ImproperlyConfigured):
        parse_rates(bad)


def site_rates(rate_limits):
    env = {**os.environ, "RATE_LIMITS": rate_limits, "DJANGO_SETTINGS_MODULE": "config.settings", "SECRET_KEY": "test"}
    return subprocess.run(
        [sys.executable, "-c", "from django.conf import settings; print(settings.THROTTLE_RATES)"],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_rate_limits_from_the_environment_override_scopes_by_name():
    done = site_rates("signup_address=30/m, 200/h; polls=")
    assert done.returncode == 0, done.stderr
    assert "'signup_address': '30/m, 200/h'" in done.stdout and "'polls': ''" in done.stdout
    assert "'login_account': '5/m, 20/h'" in done.stdout
    refused = site_rates("logins=5/m")
    assert refused.returncode != 0 and "RATE_LIMITS: no scope 'logins'" in refused.stderr
