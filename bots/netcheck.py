"""Webhook URL checks against server-side request forgery (DESIGN.md 3.6).

A webhook URL must be http(s) and every address its host resolves to must be public: no
private, loopback, link-local (cloud metadata at 169.254.169.254), multicast, reserved or
unspecified address, and no IPv6 address that carries or reaches an IPv4 one (mapped,
compatible or translated forms, 6to4, Teredo, NAT64) unless that IPv4 address is public in its
own right. The check resolves the name once and returns the checked address, and
the caller connects to that address (sending the original host name), so a DNS answer that
changes between the check and the call (DNS rebinding) cannot redirect the request.

``settings.BOT_WEBHOOKS_ALLOW_PRIVATE`` lifts the address rule for development and tests,
where bots run on 127.0.0.1.
"""

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext_lazy as _

from games.service import translated


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


# IPv6 ranges whose packets are relayed to an IPv4 host chosen by bits we cannot vouch for:
# Teredo (the client's address is obfuscated and the relay is anyone's) and NAT64, whose
# gateway (the well-known prefix, or a network's own local-use one) may sit inside a private
# network and translate to any address behind it. Refused outright: no webhook needs them.
RELAYED_V6 = tuple(ipaddress.ip_network(n) for n in ("2001::/32", "64:ff9b::/96", "64:ff9b:1::/48"))
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


def is_public(address):
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address):
        if any(ip in net for net in RELAYED_V6):
            return False
        # Judged by the IPv4 host alone: Python's verdict on these IPv6 ranges differs between
        # patch releases (older ones call 2002:a00:1:: global).
        ip = embedded_ipv4(ip) or ip
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_link_local or ip.is_loopback)


def check_url(url, allow_private=None, resolve=socket.getaddrinfo):
    """Return the CheckedURL to connect to, or raise UnsafeURL."""
    if allow_private is None:
        allow_private = getattr(settings, "BOT_WEBHOOKS_ALLOW_PRIVATE", False)
    parts, port = parse(url)
    try:
        infos = resolve(parts.hostname, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as e:
        raise UnsafeURL(_("the host “%(host)s” does not resolve"), host=parts.hostname) from e
    addresses = sorted({info[4][0] for info in infos})
    if not addresses:
        raise UnsafeURL(_("the host “%(host)s” does not resolve"), host=parts.hostname)
    if not allow_private:
        refused = [a for a in addresses if not is_public(a)]
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
