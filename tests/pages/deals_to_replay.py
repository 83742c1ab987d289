"""Helpers for the replay and audit stepper tests: a finished King game of several deals, the
deals' starts and the trick ends read from its log, and the place a page shows."""

import html
import re

from django.test import Client

from games.record import eventlog
from games.service import creating
from tests.fixtures.bots import run_until_over


def game_of_deals(make_bot, created_by=None, seed=b"several deals" * 3):
    """A finished public King game (the quick game: its negatives combined) of four built-in bots."""
    bots = [make_bot(name=f"deals{i}") for i in range(4)]
    options = {"quick_game_combined_negatives": True}
    return run_until_over(creating.do_create_match("king", options, bots, seed=seed, created_by=created_by))


def deal_starts(match):
    """{deal: the version of its first deal_started}."""
    starts = {}
    for row in eventlog.stream_events(match.stream):
        if row.type == "deal_started":
            starts.setdefault(row.payload["deal"], row.version)
    return starts


def versions_of(match, kind):
    return [r.version for r in eventlog.stream_events(match.stream) if r.type == kind]


def browser(user=None):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def replay_version(page):
    return int(re.search(r'id="replay-step" data-version="(\d+)"', page).group(1))


def audit_version(page):
    return int(re.search(r'id="audit-version">(\d+)<', page).group(1))


def link(page, ident):
    """The href of the link ``ident``, unescaped, or None where it is not a link (disabled)."""
    tag = re.search(rf'<a [^>]*id="{ident}"[^>]*>', page)
    href = tag and re.search(r'href="([^"]*)"', tag.group(0))
    return html.unescape(href.group(1)) if href else None


def step_of(href):
    """The event a stepper link goes to (?v= on the replay, ?version= on the audit)."""
    return int(re.search(r"[?&](?:v|version)=(\d+)", href).group(1))
