"""The table shows each person's clock in their seat box (templates/games/_seat_clock.html):
the seat to act counts down its move time (and bank), the others show what they will have;
a seat a house bot took says so. The clock never depends on a hand."""

import re

from games.models import Match
from games.service import creating, hand_overs
from tests.pages.tables import browser


def clocks_on(page):
    return dict(re.findall(r'data-seat-clock="(\d)">(.*?)</p>', page, re.S))


def test_every_person_seat_shows_its_clock_and_the_one_to_act_counts_down(players):
    match = creating.do_create_match("king", {}, players)
    Match.objects.filter(pk=match.pk).update(move_seconds=90, bank_seconds=120)
    page = browser(players[0]).get(f"/matches/{match.pk}/").content.decode()
    shown = clocks_on(page)
    assert sorted(shown) == ["0", "1", "2", "3"]
    acting = shown[str(match.to_act)]
    assert "data-countdown=" in acting and ("1:30" in acting or "1:29" in acting) and "2:00" in acting
    idle = shown[str((match.to_act + 1) % 4)]
    assert "data-countdown" not in idle and "1:30" in idle and "2:00" in idle


def test_a_seat_taken_by_a_house_bot_says_so(players):
    match = creating.do_create_match("king", {}, players)
    hand_overs.do_leave_seat(match.pk, players[1])
    page = browser(players[0]).get(f"/matches/{match.pk}/").content.decode()
    assert "left; a house bot plays on" in clocks_on(page)["1"]


def test_a_table_with_no_clock_shows_none(players):
    match = creating.do_create_match("king", {}, players)
    Match.objects.filter(pk=match.pk).update(move_seconds=None)
    assert clocks_on(browser(players[0]).get(f"/matches/{match.pk}/").content.decode()) == {}
