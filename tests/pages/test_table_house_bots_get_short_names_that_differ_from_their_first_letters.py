"""GET matches/<id>/ at a table of a person and three house bots (one bot in three seats, as the
"play the house" page seats them, or three strengths): each bot seat has a short name of its own
(at most 12 characters, differing from the others within their first 8, so a phone that cuts
names short still tells them apart), the house bot's own name, with its strength, in the name's
title and a second line; the score sheet and the audit page name the seats alike
(games.pages.table.match_seat_names). A person's name is never replaced, nor the names of bots
that read apart already."""

import html
import re

import pytest

from bots.house import house_bot
from games.service import creating
from tests.pages.tables import browser, table_rows

pytestmark = pytest.mark.django_db

NAME = re.compile(r'<strong class="name" title="([^"]*)">([^<]*)</strong>')


def seats_on_the_table(page):
    return [(html.unescape(name), html.unescape(title)) for title, name in NAME.findall(page)]


@pytest.mark.parametrize("strengths", [("random", "random", "random"), ("random", "heuristic", "montecarlo")])
def test_house_bots_read_apart_on_the_table_the_sheet_and_the_audit(players, strengths):
    bots = [house_bot(s) for s in strengths]
    match = creating.do_create_match("king", {}, [players[0], *bots], seed=b"short-names" * 3, created_by=players[0])
    page = browser(players[0]).get(f"/matches/{match.pk}/").content.decode()
    seats = seats_on_the_table(page)

    assert seats[0] == (players[0].username, players[0].username)  # a person keeps their name
    names = [name for name, _ in seats[1:]]
    assert all(len(name) <= 12 for name in names), names
    assert len({name[:8].casefold() for name in names}) == 3, names  # apart within 8 characters
    for (_, title), strength in zip(seats[1:], strengths, strict=True):
        assert strength in title and f"house-{strength}" in title  # the bot's own name, on hover
        assert f'<small class="bot-name">house-{strength}</small>' in page  # and a second line

    # The score sheet names the seats as the table does (the audit page too: it is the same
    # function, tests/pages/test_score_sheet_tells_apart_the_seats_one_bot_holds.py).
    sheet = browser(players[0]).get(f"/matches/{match.pk}/sheet/").content.decode()
    assert table_rows(sheet, "thead")[0][3:7] == [players[0].username, *names]


def test_bots_whose_names_read_apart_keep_them(players, make_bot):
    bots = [make_bot(name=n) for n in ("alpha-bot", "beta-bot", "gamma-bot")]
    match = creating.do_create_match("king", {}, [players[0], *bots], seed=b"own-names" * 4, created_by=players[0])
    page = browser(players[0]).get(f"/matches/{match.pk}/").content.decode()

    assert [name for name, _ in seats_on_the_table(page)] == [players[0].username, "alpha-bot", "beta-bot", "gamma-bot"]
    assert 'class="bot-name"' not in page
