"""Helpers for the table page tests (tests/pages/test_table_*.py): a table of one person and
three built-in bots, a logged-in browser, and reading the buttons a page offers."""

import html
import random
import re

from django.test import Client

from games.models import Match
from games.service import creating, playing, states
from tests.engine.helpers import random_hands

BUTTON = re.compile(r"<button\b([^>]*)>", re.S)
ATTRIBUTE = re.compile(r'([\w-]+)(?:="([^"]*)")?')
ROW = re.compile(r"<tr[^>]*>(.*?)</tr>", re.S)
CELL = re.compile(r"<t[hd][^>]*>(.*?)</t[hd]>", re.S)


def browser(user=None):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def king_deal(person, bot, dealer=0, contract="no_hearts", seed=42):
    """One fixed King deal: ``person`` in seat 0, ``bot`` in the other three; the dealer leads."""
    board = {"dealer": dealer, "contract": contract, "hands": random_hands(random.Random(seed))}
    return creating.do_create_match("king", {}, [person, bot, bot, bot], board=board, created_by=person)


def table_rows(page, part):
    """The cells of a page's first <thead>, <tbody> or <tfoot>, row by row, as text."""
    body = re.search(rf"<{part}>(.*?)</{part}>", page, re.S).group(1)
    return [[html.unescape(c).strip() for c in CELL.findall(r)] for r in ROW.findall(body)]


def buttons(page):
    """The enabled buttons of a page, as dicts of their attributes (unescaped)."""
    found = []
    for match in BUTTON.finditer(page):
        attrs = {name: html.unescape(value or "") for name, value in ATTRIBUTE.findall(match.group(1))}
        if "disabled" not in attrs:
            found.append(attrs)
    return found


def choices(page):
    """What the page lets its viewer post: the enabled card and choice buttons, as form data."""
    return [{b["name"]: b["value"]} for b in buttons(page) if b.get("name") in ("card", "action")]


def bots_play_until_the_person_acts(match, seat=0, limit=500):
    """Run the bots' turns in this process (as the worker would) until ``seat`` is to act or the
    game is over; returns the engine state then."""
    from bots import runner

    for _ in range(limit):
        match.refresh_from_db()
        state = states.match_state(match)
        if match.status == Match.Status.OVER or state.to_act == seat:
            return state
        runner.run_turns(match.pk, match.version)
    raise AssertionError("the bots never handed the turn back")


def into_the_second_deal(players, created_by, seed, actions=3):
    """A King match of four people, each playing their first legal action, through its first
    deal and ``actions`` into the second: live, with a finished deal behind it."""
    match = creating.do_create_match("king", {}, players, seed=seed, created_by=created_by)
    while not states.match_state(match).deal_scores:
        state = states.match_state(match)
        playing.submit_action(match.pk, players[state.to_act], state.legal_actions()[0], match.version)
        match.refresh_from_db()
    for _ in range(actions):
        state = states.match_state(match)
        playing.submit_action(match.pk, players[state.to_act], state.legal_actions()[0], match.version)
        match.refresh_from_db()
    return match
