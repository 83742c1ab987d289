"""The home page's "Your games": the signed-in person's live games, those where it is their turn
first and then the others by their latest move, each with a Play link to its table; nobody
else's games, no finished game, no card."""

import re

from django.db import connection
from django.test.utils import CaptureQueriesContext

from bots.house import house_bot
from games.models import Match
from tests.pages.mine import games_of
from tests.pages.tables import browser, king_deal


def listed(page):
    section = re.search(r'<section aria-labelledby="my-games-heading".*?</section>', page, re.S).group(0)
    return section, [int(m) for m in re.findall(r'data-match="(\d+)"', section)]


def test_your_turn_comes_first_then_the_others_by_their_latest_move(players):
    yours, waiting = games_of(players[0])
    section, order = listed(browser(players[0]).get("/").content.decode())
    assert order == [yours.pk] + [m.pk for m in waiting]
    assert section.count("Your turn") == 1 and section.count("Waiting for the others") == len(waiting)
    for match in [yours, *waiting]:
        assert f'href="/matches/{match.pk}/"' in section
    assert section.count(">Play</a>") == 3


def test_only_your_live_games_are_listed(players):
    yours, _ = games_of(players[0], waiting=0)
    theirs = king_deal(players[1], house_bot("random"), seed=9)
    over = king_deal(players[0], house_bot("random"), seed=10)
    Match.objects.filter(pk=over.pk).update(status=Match.Status.OVER, to_act=None)
    _, order = listed(browser(players[0]).get("/").content.decode())
    assert order == [yours.pk]
    _, theirs_order = listed(browser(players[1]).get("/").content.decode())
    assert theirs_order == [theirs.pk]


def test_the_list_holds_no_card_of_any_seat(players):
    games_of(players[0])
    section, _ = listed(browser(players[0]).get("/").content.decode())
    assert "data-card" not in section and not re.search(r"\b[2-9TJQKA][SHDC]\b", section)


def test_a_visitor_who_is_not_signed_in_sees_no_such_list(db):
    assert "my-games-heading" not in browser().get("/").content.decode()


def test_the_page_makes_as_many_queries_for_six_games_as_for_one(players):
    client = browser(players[0])
    games_of(players[0], waiting=0)
    with CaptureQueriesContext(connection) as one:
        client.get("/")
    games_of(players[0], waiting=5, seed=20)
    with CaptureQueriesContext(connection) as six:
        page = client.get("/").content.decode()
    assert len(listed(page)[1]) == 7
    assert len(six) == len(one)


def test_the_tabs_title_says_in_how_many_games_it_is_your_turn(players):
    client = browser(players[0])
    assert "<title>King & Rifki</title>" in client.get("/").content.decode()
    games_of(players[0])
    assert "<title>Your turn in 1 game · King & Rifki</title>" in client.get("/").content.decode()
