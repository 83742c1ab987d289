"""Without ?seat= or ?version= the page opens at the start of deal 1 (its hands just dealt), from
every hand open for an arbiter who may, else from the viewer's seat, else seat 0: a default is
never refused where a choice the viewer may make would be shown."""

import re

import pytest
from django.contrib.auth import get_user_model

from games.models import Match
from games.record import eventlog
from games.service import access
from tests.pages.tables import into_the_second_deal
from tests.pages.test_audit_page_shows_exactly_the_cards_a_seat_saw_then import browser, finished_deal

pytestmark = pytest.mark.django_db


def opened_at(response):
    page = response.content.decode()
    assert response.status_code == 200, page
    select = re.search(r'<select id="audit-seat".*?</select>', page, re.S).group(0)
    seat = re.search(r'<option value="([^"]+)" selected>', select).group(1)
    return seat, int(re.search(r'id="audit-version">(\d+)<', page).group(1))


def deal_one_start(match):
    return next(r.version for r in eventlog.stream_events(match.stream) if r.type == "deal_started")


def test_a_finished_match_opens_at_the_start_of_deal_one_from_the_viewers_natural_seat(players, staff):
    match = finished_deal(players, staff)
    spectator = get_user_model().objects.create_user("kibitzer", password="long-enough-pass")
    url = f"/matches/{match.pk}/audit/"
    start = deal_one_start(match)
    assert opened_at(browser(staff).get(url)) == ("all", start)
    assert opened_at(browser(players[2]).get(url)) == ("2", start)
    assert opened_at(browser(spectator).get(url)) == ("0", start)
    assert opened_at(browser(None).get(url)) == ("0", start)
    assert opened_at(browser(players[3]).get(url + "?version=5")) == ("3", 5)


def test_a_creator_who_may_not_open_every_hand_yet_falls_back_to_a_seat(players, staff):
    """The creator of a match is its arbiter, but sees every hand only once it is public."""
    match = finished_deal(players, players[1])
    Match.objects.filter(pk=match.pk).update(public_when_over=False)
    match.refresh_from_db()
    assert opened_at(browser(players[1]).get(f"/matches/{match.pk}/audit/")) == ("1", deal_one_start(match))


def test_a_live_match_opens_at_the_start_of_its_first_finished_deal(players, staff):
    match = into_the_second_deal(players, staff, b"defaults" * 4)
    finished = access.finished_through(eventlog.stream_events(match.stream))
    assert 0 < finished < match.version
    url = f"/matches/{match.pk}/audit/"
    start = deal_one_start(match)
    assert opened_at(browser(players[0]).get(url)) == ("0", start)
    assert opened_at(browser(staff).get(url)) == ("all", start)
    assert opened_at(browser(players[2]).get(url + "?seat=1")) == ("1", start)
    assert browser(players[0]).get(url + f"?version={match.version}").status_code == 403
