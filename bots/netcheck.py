"""Webhook URL checks against server-side request forgery (DESIGN.md 3.6).

A webhook URL must be http(s) and every address its host resolves to must be public: no
private, loopback, link-local (cloud metadata at 169.254.169.254), multicast, reserved or
unspecified address. The check resolves the name once and returns the checked address, and
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


class UnsafeURL(ValueError):
    """The URL may not be called; the message says why."""


@dataclass(frozen=True)
class CheckedURL:
    url: str
    scheme: str
    host: str
    port: int
    address: str  # the resolved, checked IP address to connect to


def parse(url):
    if not isinstance(url, str) or len(url) > 500:
        raise UnsafeURL("a webhook URL is a string of at most 500 characters")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        raise UnsafeURL("a webhook URL must start with http:// or https://")
    if not parts.hostname:
        raise UnsafeURL("a webhook URL needs a host name")
    if parts.username or parts.password:
        raise UnsafeURL("a webhook URL must not carry a user name or password")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError as e:
        raise UnsafeURL(f"bad port in the webhook URL: {e}") from e
    return parts, port


def is_public(address):
    ip = ipaddress.ip_address(address)
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_link_local or ip.is_loopback)


def check_url(url, allow_private=None, resolve=socket.getaddrinfo):
    """Return the CheckedURL to connect to, or raise UnsafeURL."""
    if allow_private is None:
        allow_private = getattr(settings, "BOT_WEBHOOKS_ALLOW_PRIVATE", False)
    parts, port = parse(url)
    try:
        infos = resolve(parts.hostname, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as e:
        raise UnsafeURL(f"the host {parts.hostname!r} does not resolve") from e
    addresses = sorted({info[4][0] for info in infos})
    if not addresses:
        raise UnsafeURL(f"the host {parts.hostname!r} does not resolve")
    if not allow_private:
        refused = [a for a in addresses if not is_public(a)]
        if refused:
            raise UnsafeURL(f"the host {parts.hostname!r} resolves to a non-public address ({refused[0]}); "
                            "webhooks must be reachable on the public internet")
    return CheckedURL(url=url, scheme=parts.scheme, host=parts.hostname, port=port, address=addresses[0])
