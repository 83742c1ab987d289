"""Webhook URL checks against server-side request forgery (docs/architecture.md §3.6).

A webhook URL must be http(s) and every address its host resolves to must be globally
routable: none of IANA's IPv4 and IPv6 special-purpose blocks (private, loopback, link-local
with cloud metadata at 169.254.169.254, shared, benchmarking, documentation, reserved...),
no multicast, no IPv6 outside 2000::/3, and no IPv6 address that carries or reaches an IPv4
one (mapped, compatible or translated forms, 6to4, Teredo, NAT64) unless that IPv4 address is
public in its own right. A host written as an address is read as inet_aton reads it (one
number, hex, octal, parts left out: 3221225480 is 192.0.0.8) and judged as that address.
The check resolves the name once and returns the checked address, and the caller connects to
that address (sending the original host name), so a DNS answer that changes between the check
and the call (DNS rebinding) cannot redirect the request.

In DEBUG (``settings.BOT_WEBHOOKS_ALLOW_LOOPBACK``) bots may run on this machine: loopback is
allowed too. ``settings.BOT_WEBHOOKS_ALLOW_PRIVATE`` (a club's own network, and the tests)
adds the private-use networks as well. Neither ever allows link-local or metadata addresses.
"""

import ipaddress
import re
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext_lazy as _

from games.errors import translated


class UnsafeURL(ValueError):
    """The URL may not be called; ``message`` says why, in the language active where it is read.

    ``msgid`` is marked with ``gettext_lazy``, its ``%(name)s`` placeholders filled from
    ``params`` (the host, the refused address), which the API also returns as data.
    """

    def __init__(self, msgid, **params):
        self.msgid, self.params = msgid, params
        super().__init__(msgid)

    @property
    def message(self):
        return translated(self.msgid, self.params)

    def __str__(self):
        return self.message


@dataclass(frozen=True)
class CheckedURL:
    url: str
    scheme: str
    host: str
    port: int
    address: str  # the resolved, checked IP address to connect to


def parse(url):
    if not isinstance(url, str) or len(url) > 500:
        raise UnsafeURL(_("a webhook URL is a string of at most 500 characters"))
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        raise UnsafeURL(_("a webhook URL must start with http:// or https://"))
    if not parts.hostname:
        raise UnsafeURL(_("a webhook URL needs a host name"))
    if parts.username or parts.password:
        raise UnsafeURL(_("a webhook URL must not carry a user name or password"))
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError as e:
        raise UnsafeURL(_("the port in the webhook URL is not a number from 0 to 65535")) from e
    return parts, port


def networks(*blocks):
    return tuple(ipaddress.ip_network(block) for block in blocks)


# IANA's IPv4 Special-Purpose Address Registry, every entry, and the multicast block: no webhook
# is served from any of them. A few entries are marked globally reachable there (PCP and TURN
# anycast in 192.0.0.0/24, AS112, AMT): they are anycast services, never a bot, and the whole
# block is refused. Python's ``is_global`` is not the judge: 3.11 calls 192.0.0.8 global.
SPECIAL_V4 = networks(
    "0.0.0.0/8",  # this network
    "10.0.0.0/8",  # private use
    "100.64.0.0/10",  # shared address space (carrier NAT; a cloud's metadata at 100.100.100.200)
    "127.0.0.0/8",  # loopback
    "169.254.0.0/16",  # link local (cloud metadata at 169.254.169.254)
    "172.16.0.0/12",  # private use
    "192.0.0.0/24",  # IETF protocol assignments (the dummy address 192.0.0.8, DS-Lite, NAT64 discovery)
    "192.0.2.0/24",  # documentation (TEST-NET-1)
    "192.31.196.0/24",  # AS112-v4
    "192.52.193.0/24",  # AMT
    "192.88.99.0/24",  # deprecated 6to4 relay anycast
    "192.168.0.0/16",  # private use
    "192.175.48.0/24",  # direct delegation AS112
    "198.18.0.0/15",  # benchmarking
    "198.51.100.0/24",  # documentation (TEST-NET-2)
    "203.0.113.0/24",  # documentation (TEST-NET-3)
    "224.0.0.0/4",  # multicast
    "240.0.0.0/4",  # reserved
    "255.255.255.255/32",  # limited broadcast
)
# IANA's IPv6 Special-Purpose Address Registry, every entry, and multicast. On top of them an
# IPv6 address must lie in 2000::/3, the only global unicast space IANA allocates.
SPECIAL_V6 = networks(
    "::/128",  # unspecified
    "::1/128",  # loopback
    "::ffff:0:0/96",  # IPv4-mapped
    "64:ff9b::/96",  # NAT64, well-known prefix
    "64:ff9b:1::/48",  # NAT64, local use
    "100::/64",  # discard only
    "100:0:0:1::/64",  # dummy prefix
    "2001::/23",  # IETF protocol assignments (Teredo 2001::/32, benchmarking, ORCHID, AMT, AS112...)
    "2001:db8::/32",  # documentation
    "2002::/16",  # 6to4
    "2620:4f:8000::/48",  # direct delegation AS112
    "3fff::/20",  # documentation
    "5f00::/16",  # segment routing SIDs
    "fc00::/7",  # unique local
    "fe80::/10",  # link local
    "ff00::/8",  # multicast
)
GLOBAL_UNICAST_V6 = ipaddress.ip_network("2000::/3")
# Cloud metadata and platform endpoints that are refused in every mode, beside the link-local
# and special-purpose blocks that hold the others: AWS's IPv6 services (instance metadata at
# fd00:ec2::254, a unique-local address a club's network setting would otherwise allow) and
# Azure's platform address, which is public space answered by the host a VM runs on.
METADATA = networks("fd00:ec2::/32", "168.63.129.16/32")
# What the development and club settings may add, and nothing else that is not public.
LOOPBACK = networks("127.0.0.0/8", "::1/128")
PRIVATE_USE = networks("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7")

# IPv6 ranges whose packets are relayed to an IPv4 host chosen by bits we cannot vouch for:
# Teredo (the client's address is obfuscated and the relay is anyone's) and NAT64, whose
# gateway (the well-known prefix, or a network's own local-use one) may sit inside a private
# network and translate to any address behind it. Refused outright: no webhook needs them.
RELAYED_V6 = networks("2001::/32", "64:ff9b::/96", "64:ff9b:1::/48")
SIXTOFOUR = ipaddress.ip_network("2002::/16")
V4_COMPATIBLE = ipaddress.ip_network("::/96")  # deprecated ::a.b.c.d (:: and ::1 are in it too)
V4_TRANSLATED = ipaddress.ip_network("::ffff:0:0:0/96")  # SIIT's ::ffff:0:a.b.c.d


def embedded_ipv4(ip):
    """The IPv4 address an IPv6 address stands for (mapped, compatible, translated, 6to4), or None.

    Each of these reaches, or is treated by some stacks as, the IPv4 host it embeds, so it is
    judged as that host: ::ffff:127.0.0.1 is loopback, 2002:a00:1:: is 10.0.0.1's 6to4 site.
    """
    if ip.ipv4_mapped:
        return ip.ipv4_mapped
    if ip in SIXTOFOUR:
        return ip.sixtofour
    if ip in V4_COMPATIBLE or ip in V4_TRANSLATED:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def reach(address):
    """What kind of host ``address`` is, for the webhook rule: "public", "loopback", "private"
    (RFC 1918 and unique-local networks), or None for everything a webhook may never reach
    (link-local, metadata, every other special-purpose block, relayed IPv6 forms)."""
    ip = ipaddress.ip_address(address)
    if ip.version == 6 and ip.scope_id:
        return None  # a scoped address is link-local by nature
    if any(ip in net for net in METADATA):
        return None
    if ip.version == 6:
        if ip == ipaddress.IPv6Address("::1"):
            return "loopback"
        if any(ip in net for net in RELAYED_V6):
            return None
        v4 = embedded_ipv4(ip)
        if v4 is not None:
            kind = reach(v4)
            # A mapped address is the IPv4 host itself on a dual-stack socket; the other forms
            # travel through a relay or a translator, and only to a public host.
            return kind if ip.ipv4_mapped or kind == "public" else None
    if any(ip in net for net in LOOPBACK):
        return "loopback"
    if any(ip in net for net in PRIVATE_USE):
        return "private"
    special = SPECIAL_V4 if ip.version == 4 else SPECIAL_V6
    if any(ip in net for net in special):
        return None
    if ip.version == 6 and ip not in GLOBAL_UNICAST_V6:
        return None
    # Python's verdict as a second opinion: nothing it calls private or reserved gets through.
    if not ip.is_global or ip.is_multicast or ip.is_reserved or ip.is_link_local or ip.is_loopback:
        return None
    return "public"


def is_public(address):
    return reach(address) == "public"


# An IPv4 address in any spelling the C library's inet_aton reads (and so the system resolver,
# and most HTTP clients): one to four parts, each decimal, octal (a leading 0) or hex (0x), the
# last part filling the bytes that are left. 3221225480, 0xc0.0.0.8, 0300.0.0.010 and 192.0.8
# are all 192.0.0.8.
IPV4_PART = re.compile(r"0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*")


def ipv4_literal(host):
    """The IPv4 address ``host`` spells as a number (in any of inet_aton's forms), or None."""
    parts = host.split(".")
    if not 1 <= len(parts) <= 4 or not all(IPV4_PART.fullmatch(part) for part in parts):
        return None
    numbers = [int(part, 0) if not part.startswith("0") or part[1:2] in "xX" else int(part, 8) for part in parts]
    *leading, last = numbers
    if any(n > 0xFF for n in leading) or last >= 1 << (8 * (5 - len(parts))):
        return None
    value = last
    for i, n in enumerate(leading):
        value |= n << (8 * (3 - i))
    return ipaddress.IPv4Address(value)


def literal_address(host):
    """The address a URL's host names itself (an IPv4 number in any spelling, an IPv6 literal), or None."""
    v4 = ipv4_literal(host)
    if v4 is not None:
        return str(v4)
    if ":" in host:
        try:
            return str(ipaddress.IPv6Address(host.replace("%25", "%")))
        except ValueError:
            return None
    return None


def check_url(url, allow_private=None, allow_loopback=None, resolve=socket.getaddrinfo):
    """Return the CheckedURL to connect to, or raise UnsafeURL.

    Public addresses only, unless ``allow_loopback`` (``settings.BOT_WEBHOOKS_ALLOW_LOOPBACK``:
    DEBUG) adds loopback or ``allow_private`` (``settings.BOT_WEBHOOKS_ALLOW_PRIVATE``: a club's
    own network) adds loopback and the private-use networks. Nothing allows link-local,
    metadata or any other special-purpose address."""
    if allow_private is None:
        allow_private = getattr(settings, "BOT_WEBHOOKS_ALLOW_PRIVATE", False)
    if allow_loopback is None:
        allow_loopback = getattr(settings, "BOT_WEBHOOKS_ALLOW_LOOPBACK", False)
    allowed = {"public"} | ({"loopback"} if allow_loopback or allow_private else set())
    allowed |= {"private"} if allow_private else set()
    parts, port = parse(url)
    literal = literal_address(parts.hostname)
    if literal is not None:
        addresses = [literal]  # judged, and connected to, as written: no resolver reads it otherwise
    else:
        try:
            infos = resolve(parts.hostname, port, type=socket.SOCK_STREAM)
        except (socket.gaierror, UnicodeError) as e:
            raise UnsafeURL(_("the host “%(host)s” does not resolve"), host=parts.hostname) from e
        addresses = sorted({info[4][0] for info in infos})
    if not addresses:
        raise UnsafeURL(_("the host “%(host)s” does not resolve"), host=parts.hostname)
    refused = [a for a in addresses if reach(a) not in allowed]
    if refused:
        raise UnsafeURL(
            _(
                "the host “%(host)s” resolves to a non-public address (%(address)s); "
                "webhooks must be reachable on the public internet"
            ),
            host=parts.hostname,
            address=refused[0],
        )
    return CheckedURL(url=url, scheme=parts.scheme, host=parts.hostname, port=port, address=addresses[0])
