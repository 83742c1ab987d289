"""DEBUG (``make run``) lets bots run on this machine: webhooks may reach loopback, and nothing
else that is not public. Link-local addresses (cloud metadata at 169.254.169.254), the clouds'
other metadata addresses, private networks, and the IPv6 forms that carry or relay to them
stay refused. ``BOT_WEBHOOKS_ALLOW_PRIVATE`` (a club's own network) adds the private ranges,
still never link-local or metadata."""

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from bots.netcheck import UnsafeURL, check_url

ROOT = Path(__file__).resolve().parents[2]

LOOPBACK = ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]
NEVER = [
    ("169.254.169.254", "cloud metadata (link-local)"),
    ("169.254.170.2", "container credentials (link-local)"),
    ("169.254.0.1", "link-local"),
    ("fe80::1", "IPv6 link-local"),
    ("fe80::a9fe:a9fe", "IPv6 link-local"),
    ("fd00:ec2::254", "AWS IPv6 instance metadata"),
    ("100.100.100.200", "a cloud's metadata (shared address space)"),
    ("192.0.0.192", "a cloud's metadata (192.0.0.0/24)"),
    ("168.63.129.16", "Azure's platform address"),
    ("::ffff:169.254.169.254", "IPv4-mapped metadata"),
    ("2002:a9fe:a9fe::1", "6to4 of metadata"),
    ("64:ff9b::a9fe:a9fe", "NAT64 to metadata"),
    ("64:ff9b::7f00:1", "NAT64 to loopback: the gateway's own loopback"),
    ("2002:7f00:1::1", "6to4 of loopback"),
    ("0.0.0.0", "unspecified (reaches this host on some systems)"),
    ("::", "IPv6 unspecified"),
]
PRIVATE = ["10.0.0.1", "172.16.5.4", "192.168.1.20", "fd12:3456:789a::1"]


def resolver(address):
    def resolve(host, port, type=0):
        family = socket.AF_INET6 if ":" in address else socket.AF_INET
        return [(family, socket.SOCK_STREAM, 6, "", (address, port))]

    return resolve


def check(address, **allowed):
    return check_url("http://bot.test:9000/turn", resolve=resolver(address), **allowed)


@pytest.fixture
def debug(settings):
    """As ``make run`` has it: DEBUG, and the settings' defaults that follow from it."""
    settings.DEBUG = True
    settings.BOT_WEBHOOKS_ALLOW_LOOPBACK = True
    settings.BOT_WEBHOOKS_ALLOW_PRIVATE = False


def site_settings(**env):
    """The two settings as config.settings computes them from ``env`` (a fresh interpreter)."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("BOT_WEBHOOKS_", "DEBUG"))}
    code = "from config import settings as s; print(s.BOT_WEBHOOKS_ALLOW_LOOPBACK, s.BOT_WEBHOOKS_ALLOW_PRIVATE)"
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={**environ, "SECRET_KEY": "x", **env},
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_the_settings_allow_loopback_in_debug_only_and_private_networks_only_when_asked():
    assert site_settings(DEBUG="1") == ["True", "False"]
    assert site_settings() == ["False", "False"]
    assert site_settings(DEBUG="1", BOT_WEBHOOKS_ALLOW_PRIVATE="1") == ["True", "True"]


@pytest.mark.parametrize("address", LOOPBACK)
def test_in_debug_loopback_is_accepted(debug, address):
    assert check(address).address == address


@pytest.mark.parametrize("address, why", NEVER, ids=[f"{a} ({w})" for a, w in NEVER])
def test_in_debug_link_local_metadata_and_relayed_addresses_are_refused(debug, address, why):
    with pytest.raises(UnsafeURL, match="non-public address"):
        check(address)


@pytest.mark.parametrize("address", PRIVATE)
def test_in_debug_private_networks_are_refused(debug, address):
    with pytest.raises(UnsafeURL, match="non-public address"):
        check(address)


def test_in_debug_a_literal_link_local_url_is_refused():
    with pytest.raises(UnsafeURL):
        check_url("http://169.254.169.254/latest/meta-data/", allow_loopback=True)
    with pytest.raises(UnsafeURL):
        check_url("http://[fe80::1%25lo]/", allow_loopback=True)


@pytest.mark.parametrize("address", PRIVATE + LOOPBACK)
def test_a_clubs_own_network_may_be_allowed(address):
    assert check(address, allow_private=True).address == address


@pytest.mark.parametrize("address, why", NEVER, ids=[f"{a} ({w})" for a, w in NEVER])
def test_allowing_private_networks_never_allows_link_local_or_metadata(address, why):
    with pytest.raises(UnsafeURL, match="non-public address"):
        check(address, allow_private=True)


@pytest.mark.parametrize("address", LOOPBACK + PRIVATE)
def test_in_production_loopback_and_private_networks_are_refused(settings, address):
    settings.DEBUG = False
    settings.BOT_WEBHOOKS_ALLOW_LOOPBACK = False
    settings.BOT_WEBHOOKS_ALLOW_PRIVATE = False
    with pytest.raises(UnsafeURL, match="non-public address"):
        check(address)
