"""SSRF: a webhook may reach only an address that is globally routable. Every block of IANA's
IPv4 and IPv6 Special-Purpose Address Registries is refused (192.0.0.0/24 with its dummy
address 192.0.0.8, 198.18.0.0/15, 100.64.0.0/10, 240.0.0.0/4, the documentation and
benchmarking blocks, the IPv6 ones and anything outside 2000::/3), whether the URL names the
address in a dotted quad, as one number, in hex or octal, with parts left out, inside an IPv6
form that carries it, or a host name resolves to it. Python's own ``is_global`` is not the
judge: 3.11 calls 192.0.0.8 global.

A refused URL is refused before any connection, and registering a bot with one stores nothing.
"""

import socket

import pytest

from bots.models import Bot
from bots.netcheck import UnsafeURL, check_url
from tests.fixtures.people import body, client_for

# (address, the registry entry it falls in)
SPECIAL_V4 = [
    ("192.0.0.8", "IPv4 dummy address (192.0.0.0/24)"),
    ("192.0.0.1", "IETF protocol assignments"),
    ("192.0.0.9", "PCP anycast (192.0.0.0/24)"),
    ("192.0.0.170", "NAT64/DNS64 discovery"),
    ("192.0.0.192", "192.0.0.0/24: a cloud's metadata address"),
    ("198.18.0.1", "benchmarking"),
    ("198.19.255.254", "benchmarking, the block's far end"),
    ("100.64.0.1", "shared address space"),
    ("100.127.255.254", "shared address space, far end"),
    ("240.0.0.1", "reserved"),
    ("255.255.255.254", "reserved"),
    ("255.255.255.255", "limited broadcast"),
    ("192.0.2.10", "TEST-NET-1"),
    ("198.51.100.7", "TEST-NET-2"),
    ("203.0.113.9", "TEST-NET-3"),
    ("192.88.99.1", "deprecated 6to4 relay anycast"),
    ("192.31.196.1", "AS112-v4"),
    ("192.52.193.1", "AMT"),
    ("192.175.48.1", "direct delegation AS112"),
    ("0.1.2.3", "this network"),
    ("239.255.255.250", "multicast"),
]
SPECIAL_V6 = [
    ("100::1", "discard-only"),
    ("100:0:0:1::1", "dummy IPv6 prefix"),
    ("2001:2::1", "benchmarking"),
    ("2001:3::1", "AMT"),
    ("2001:4:112::1", "AS112-v6"),
    ("2001:10::1", "deprecated ORCHID"),
    ("2001:20::1", "ORCHIDv2"),
    ("2001:30::1", "drone remote ID"),
    ("2001:1::1", "PCP anycast"),
    ("2001:db8::1", "documentation"),
    ("3fff::1", "documentation (3fff::/20)"),
    ("2620:4f:8000::1", "direct delegation AS112"),
    ("5f00::1", "segment routing SIDs"),
    ("fc00::1", "unique local (a club's network setting allows it)"),
    ("fec0::1", "deprecated site-local"),
    ("ff0e::1", "multicast"),
    ("4000::1", "outside the global unicast 2000::/3"),
    ("::ffff:192.0.0.8", "IPv4-mapped dummy address"),
    ("::ffff:c000:8", "IPv4-mapped dummy address, hex"),
    ("::192.0.0.8", "IPv4-compatible dummy address"),
    ("::ffff:0:c612:1", "IPv4-translated benchmarking address"),
    ("2002:c000:8::1", "6to4 of the dummy address"),
    ("2002:c612:1::1", "6to4 of a benchmarking address"),
    ("2002:6440:1::1", "6to4 of a shared address"),
    ("2002:f000:1::1", "6to4 of a reserved address"),
    ("64:ff9b::192.0.0.8", "NAT64 to the dummy address"),
    ("2001:0:c000:8::1", "Teredo"),
]
# The same address, as the URL may spell it: what the C library's inet_aton reads.
ENCODINGS_OF_192_0_0_8 = [
    "http://192.0.0.8/",
    "http://3221225480/",
    "http://0xc0.0.0.8/",
    "http://0xC0000008/",
    "http://0300.0.0.010/",
    "http://030000000010/",
    "http://192.0.8/",
    "http://192.8/",
    "http://0xc0.0x0.0x0.0x8:8080/turn",
    "http://[::ffff:192.0.0.8]/",
    "http://[::ffff:c000:8]/",
    "http://[2002:c000:8::1]/",
]
STILL_PUBLIC = [
    ("93.184.216.34", "a public IPv4 host"),
    ("192.0.1.1", "just past 192.0.0.0/24"),
    ("198.20.0.1", "just past 198.18.0.0/15"),
    ("100.128.0.1", "just past 100.64.0.0/10"),
    ("223.255.255.254", "just below multicast"),
    ("2606:2800:220:1:248:1893:25c8:1946", "a public IPv6 host"),
    ("2a00:1450:4001:80b::200e", "a public IPv6 host of another registry"),
    ("::ffff:93.184.216.34", "IPv4-mapped public host"),
    ("2002:5db8:d822::1", "6to4 of a public host"),
]


def resolver(*addresses):
    def resolve(host, port, type=0):
        return [
            (socket.AF_INET6 if ":" in a else socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port)) for a in addresses
        ]

    return resolve


def never_resolves(host, port, type=0):
    raise AssertionError(f"an address literal ({host}) is judged as written, never looked up")


CASES = SPECIAL_V4 + SPECIAL_V6
# The private-use networks (RFC 1918, unique local) are the one kind a club may allow.
NEVER_ALLOWED = [(a, e) for a, e in CASES if not e.startswith("unique local")]


@pytest.mark.parametrize("address, entry", CASES, ids=[f"{a} ({e})" for a, e in CASES])
def test_a_host_name_that_resolves_to_a_special_purpose_address_is_refused(address, entry):
    with pytest.raises(UnsafeURL, match="non-public address"):
        check_url("https://bots.example.com/turn", allow_private=False, resolve=resolver(address))


@pytest.mark.parametrize("address, entry", NEVER_ALLOWED, ids=[f"{a} ({e})" for a, e in NEVER_ALLOWED])
def test_a_special_purpose_address_is_refused_even_where_private_addresses_are_allowed(address, entry):
    with pytest.raises(UnsafeURL, match="non-public address"):
        check_url("https://bots.example.com/turn", allow_private=True, resolve=resolver(address))


@pytest.mark.parametrize("url", ENCODINGS_OF_192_0_0_8)
def test_every_encoding_of_the_dummy_address_in_the_url_is_refused(url):
    with pytest.raises(UnsafeURL, match="non-public address"):
        check_url(url, allow_private=False)  # the system resolver, as the webhook call uses
    with pytest.raises(UnsafeURL, match="non-public address"):
        check_url(url, allow_private=True, resolve=never_resolves)


@pytest.mark.parametrize("url", ["http://2130706433/", "http://0x7f.1/", "http://0177.0.0.1/", "http://127.1/"])
def test_loopback_in_any_encoding_is_refused_in_production(url):
    with pytest.raises(UnsafeURL, match="non-public address"):
        check_url(url, allow_private=False, allow_loopback=False)


def test_an_encoded_address_is_the_address_connected_to():
    assert check_url("http://1572395042/", allow_private=False, resolve=never_resolves).address == "93.184.216.34"


@pytest.mark.parametrize("address, why", STILL_PUBLIC, ids=[f"{a} ({w})" for a, w in STILL_PUBLIC])
def test_globally_routable_addresses_beside_those_blocks_are_accepted(address, why):
    checked = check_url("https://bots.example.com/turn", allow_private=False, resolve=resolver(address))
    assert checked.address == address


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["http://192.0.0.8/", "http://3221225480/", "http://198.18.0.1/", "http://100.64.0.1/"])
def test_registering_a_bot_with_such_a_url_is_refused_and_stores_nothing(django_user_model, settings, url):
    settings.BOT_WEBHOOKS_ALLOW_PRIVATE = False
    author = django_user_model.objects.create_user("author", password="long-enough-pass")
    r = client_for(author).post("/api/v1/bots/", {"name": "sneaky", "kind": "webhook", "url": url}, format="json")
    assert r.status_code == 400 and "url" in body(r)["error"]["fields"], r.content
    assert not Bot.objects.exists()
