"""While the King auction runs, every seat and any spectator sees the standing bid marked on the
ladder with its bidder, the rungs it has put out of reach greyed, the bidders in preference
order (the first wins a tie) with where each stands, and every call so far. A player who comes
before the standing bidder in preference is offered to match it; one who comes after is not."""

import html
import json
import re

from games.service import states
from tests.pages.decisions import king_auction
from tests.pages.tables import browser, buttons

TAG = re.compile(r"<[^>]+>")


def text_of(page, element_id):
    found = re.search(rf'<(\w+) id="{element_id}"[^>]*>(.*?)</\1>', page, re.S).group(2)
    return " ".join(html.unescape(TAG.sub(" ", found)).split())


def rungs(page):
    return re.findall(r'<li class="rung( standing| beaten)?" data-points="(\d+)"', page)


def offered(page):
    return [json.loads(b["value"]) for b in buttons(page) if b.get("name") == "action"]


def test_the_standing_bid_is_marked_and_the_rungs_it_beats_are_greyed(players):
    match = king_auction(players)  # player0 bids 4 up, player1 5 up, player2 passes
    standing = states.match_state(match).view(None)["table"]["auction"]["standing_bid"]
    assert (standing["bidder"], standing["tricks"], standing["direction"], standing["value"]) == (1, 5, "up", 125)

    for viewer in (players[0], players[3], None):  # a bidder, the dealer, a spectator
        page = browser(viewer).get(f"/matches/{match.pk}/").content.decode()
        marks = {int(points): mark.strip() for mark, points in rungs(page)}
        assert marks[125] == "standing"
        assert all(mark == "beaten" for points, mark in marks.items() if points < 125)
        assert all(mark == "" for points, mark in marks.items() if points > 125)
        assert "Standing bid: 5 up, by player1" in page
        assert '<span class="bid held">5 up</span>' in page and "standing, player1" in page


def test_the_bidders_are_listed_in_preference_order_with_their_calls(players):
    match = king_auction(players)
    page = browser(players[0]).get(f"/matches/{match.pk}/").content.decode()

    assert text_of(page, "preference") == "player0 to call player1 holds the bid player2 out"
    assert text_of(page, "calls") == "player0 Bid 4 up player1 Bid 5 up player2 Pass"
    assert "Earlier in this order wins a tie" in page


def test_the_player_with_preference_may_match_and_the_one_without_may_not(players):
    first = king_auction(players)  # player1 holds 5 up; player0, before them, is to call
    page = browser(players[0]).get(f"/matches/{first.pk}/").content.decode()
    assert {"type": "match"} in offered(page)
    assert '<span class="label">Match 5 up</span>' in page

    second = king_auction(players, calls=[("bid", 5, "up")])  # player0 holds it; player1 is to call
    page = browser(players[1]).get(f"/matches/{second.pk}/").content.decode()
    assert {"type": "match"} not in offered(page)
    assert offered(page) == [dict(a) for a in states.match_state(second).legal_actions()]


def test_a_match_is_a_call_that_names_the_bid_it_repeats(players):
    match = king_auction(players, calls=[("bid", 4, "up"), ("bid", 5, "up"), ("pass",), ("match",), ("pass",)])
    page = browser(players[3]).get(f"/matches/{match.pk}/").content.decode()

    assert "player0 Match 5 up" in text_of(page, "calls")
    # player1 passed in turn: the auction is over and the dealer answers the bid player0 now holds.
    assert '<span class="label">Accept 5 up by player0</span>' in page
