"""SSRF through IPv6: an address that carries or relays to an IPv4 host (mapped, compatible,
translated, 6to4, Teredo, NAT64) is no way around the rule that webhooks reach public hosts only.

Each address is what a webhook's host name resolves to (a fake resolver), as an attacker's DNS
would answer; check_url must refuse it before any connection is made.
"""

import socket

import pytest

from bots.netcheck import UnsafeURL, check_url

PRIVATE_V4 = {  # the IPv4 hosts behind the forms below, and why each must stay unreachable
    "127.0.0.1": "loopback",
    "10.0.0.1": "private",
    "192.168.1.20": "private",
    "172.16.5.4": "private",
    "169.254.169.254": "cloud metadata (link-local)",
    "100.100.100.200": "cloud metadata (shared address space)",
    "0.0.0.0": "unspecified",
}


def hexed(v4):
    """a.b.c.d as the two 16-bit groups an IPv6 address embeds it in."""
    a, b, c, d = (int(x) for x in v4.split("."))
    return f"{a << 8 | b:x}:{c << 8 | d:x}"


REFUSED = (
    [(f"::ffff:{v4}", f"IPv4-mapped {why}") for v4, why in PRIVATE_V4.items()]
    + [(f"::ffff:{hexed(v4)}", f"IPv4-mapped {why}, hex form") for v4, why in PRIVATE_V4.items()]
    + [(f"::{v4}", f"IPv4-compatible {why}") for v4, why in PRIVATE_V4.items()]
    + [(f"::ffff:0:{v4}", f"IPv4-translated {why}") for v4, why in PRIVATE_V4.items()]
    + [(f"2002:{hexed(v4)}::1", f"6to4 of a {why} host") for v4, why in PRIVATE_V4.items()]
    + [(f"2002:{hexed(v4)}:5:0:0:0:1", f"6to4 of a {why} host, another subnet") for v4, why in PRIVATE_V4.items()]
    + [(f"64:ff9b::{v4}", f"NAT64 well-known prefix to a {why} host") for v4, why in PRIVATE_V4.items()]
    + [(f"64:ff9b:1::{hexed(v4)}", f"NAT64 local-use prefix to a {why} host") for v4, why in PRIVATE_V4.items()]
    + [
        ("64:ff9b::5db8:d822", "NAT64 even to a public host: the gateway may be inside a private network"),
        ("64:ff9b:1:ab::5db8:d822", "NAT64 local-use, public host"),
        ("2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"),
        ("2001::1", "Teredo, short form"),
        ("2001:0:a00:1::", "Teredo with a private server field"),
        ("::1", "IPv6 loopback"),
        ("::", "IPv6 unspecified"),
        ("fd00:ec2::254", "AWS IPv6 metadata (unique local)"),
        ("fe80::a9fe:a9fe", "link-local"),
    ]
)

ACCEPTED = [
    ("93.184.216.34", "a public IPv4 host"),
    ("2606:2800:220:1:248:1893:25c8:1946", "a public IPv6 host"),
    ("::ffff:93.184.216.34", "IPv4-mapped public host"),
    ("2002:5db8:d822::1", "6to4 of a public host"),
]


def resolver(address):
    def resolve(host, port, type=0):
        family = socket.AF_INET6 if ":" in address else socket.AF_INET
        return [(family, socket.SOCK_STREAM, 6, "", (address, port))]

    return resolve


@pytest.mark.parametrize("address, why", REFUSED, ids=[f"{a} ({w})" for a, w in REFUSED])
def test_an_ipv6_form_of_a_private_loopback_link_local_or_metadata_host_is_refused(address, why):
    with pytest.raises(UnsafeURL, match="non-public address"):
        check_url("https://bots.example.com/turn", allow_private=False, resolve=resolver(address))


@pytest.mark.parametrize("address, why", ACCEPTED, ids=[f"{a} ({w})" for a, w in ACCEPTED])
def test_public_hosts_in_those_forms_are_still_accepted(address, why):
    assert check_url("https://bots.example.com/turn", allow_private=False, resolve=resolver(address)).address == address


def test_a_literal_ipv6_form_in_the_url_is_refused_too():
    # No resolver: the URL names the address itself, as getaddrinfo hands it back.
    with pytest.raises(UnsafeURL):
        check_url("http://[2002:a9fe:a9fe::1]/latest/meta-data/", allow_private=False)
