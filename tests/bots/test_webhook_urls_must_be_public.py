"""SSRF: webhook URLs are refused unless every address the host resolves to is public."""

import socket

import pytest

from bots.netcheck import UnsafeURL, check_url


def resolver(*addresses):
    def resolve(host, port, type=0):
        return [
            (socket.AF_INET6 if ":" in a else socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port)) for a in addresses
        ]

    return resolve


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1/",
        "http://169.254.169.254/latest/meta-data/",
        "http://10.0.0.1/",
        "http://192.168.1.20:8080/bot",
        "http://[::1]/",
        "http://0.0.0.0/",
        "http://[::ffff:127.0.0.1]/",
        "http://172.16.5.4/",
        "http://100.64.0.1/",
        "http://[fe80::1]/",
        "http://224.0.0.1/",
    ],
)
def test_private_loopback_link_local_and_metadata_addresses_are_refused(url):
    with pytest.raises(UnsafeURL):
        check_url(url, allow_private=False)


def test_a_name_that_resolves_to_a_private_address_is_refused():
    with pytest.raises(UnsafeURL, match="non-public"):
        check_url("https://bots.example.com/turn", allow_private=False, resolve=resolver("10.1.2.3"))


def test_a_name_with_one_private_address_among_public_ones_is_refused():
    with pytest.raises(UnsafeURL):
        check_url("https://bots.example.com/", allow_private=False, resolve=resolver("93.184.216.34", "127.0.0.1"))


def test_a_public_address_is_accepted_and_is_the_address_to_connect_to():
    checked = check_url(
        "https://bots.example.com:8443/turn?x=1", allow_private=False, resolve=resolver("93.184.216.34")
    )
    assert (checked.host, checked.port, checked.address, checked.scheme) == (
        "bots.example.com",
        8443,
        "93.184.216.34",
        "https",
    )


@pytest.mark.parametrize(
    "url",
    [
        "ftp://example.com/",
        "file:///etc/passwd",
        "gopher://x/",
        "http://",
        "example.com",
        "http://user:pw@example.com/",
        "http://example.com:99999/",
        5,
        None,
        "h" * 600,
    ],
)
def test_malformed_urls_are_refused_even_when_private_addresses_are_allowed(url):
    with pytest.raises(UnsafeURL):
        check_url(url, allow_private=True, resolve=resolver("93.184.216.34"))


def test_a_host_that_does_not_resolve_is_refused():
    def fail(*args, **kwargs):
        raise socket.gaierror("no such host")

    with pytest.raises(UnsafeURL, match="does not resolve"):
        check_url("https://no-such-host.invalid/", allow_private=False, resolve=fail)


def test_development_settings_allow_loopback_bots():
    assert check_url("http://127.0.0.1:9000/bot", allow_private=True).address == "127.0.0.1"
