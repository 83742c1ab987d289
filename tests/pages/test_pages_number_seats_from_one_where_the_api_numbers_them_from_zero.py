"""Seat numbers said one way (issue 33; docs/pages.md, "Seat numbers"): the API, the bot protocol
and the addresses' ``?seat=`` number seats from 0, and every page shows people "seat 1" to the
table's size. The replay page and the audit page name the seats of a table one house bot holds
whole by the short names of seats 1 to 4 (games.pages.table.SHORT_SEAT_NAMES) where the API's
match says seats 0 to 3, never "seat 0"; a bot's page shows the seat of its matches and faults
as the API's seat plus one."""

import html
import re

from django.test import Client
from rest_framework.test import APIClient

from bots import runner
from bots.models import Turn
from games.accounts.tokens import issue_token
from games.models import Match
from games.pages.table import SHORT_SEAT_NAMES
from games.service import creating
from tests.pages.replays import house_deal
from tests.pages.tables import table_rows

SEAT_NAMES = re.compile(r'<li class="seat[^"]*" data-seat="(\d+)".*?<strong class="name"[^>]*>(.*?)</strong>', re.S)


def test_the_replay_page_shows_seats_from_one_where_the_apis_match_says_zero(db):
    match = house_deal()
    api = APIClient().get(f"/api/v1/matches/{match.pk}/").json()
    assert sorted(s["seat"] for s in api["seats"]) == list(range(match.num_seats))  # 0 to n - 1

    page = Client().get(f"/matches/{match.pk}/replay/?v={match.version}").content.decode()
    shown = {int(seat): html.unescape(text) for seat, text in SEAT_NAMES.findall(page)}
    assert shown == {seat: SHORT_SEAT_NAMES[seat] for seat in range(match.num_seats)}
    assert not re.search(r"\bseat 0\b", page, re.I)


def test_the_audit_page_takes_the_apis_seat_in_its_address_and_shows_it_from_one(db):
    match = house_deal()
    page = html.unescape(Client().get(f"/matches/{match.pk}/audit/?seat=0&version={match.version}").content.decode())

    picker = re.search(r'<select id="audit-seat".*?</select>', page, re.S).group(0)
    choices = re.findall(r'<option value="(\d+)"[^>]*>(.*?)</option>', picker)
    assert choices == [(str(seat), SHORT_SEAT_NAMES[seat]) for seat in range(match.num_seats)]
    assert f"The hands as {SHORT_SEAT_NAMES[0]} saw them" in page  # ?seat=0 is the first seat
    assert not re.search(r"\bseat 0\b", page, re.I)


def test_a_bots_page_shows_the_seat_of_its_matches_and_faults_as_the_apis_seat_plus_one(make_bot):
    poller = make_bot(kind="polling", name="poller")
    seats = [make_bot(name=f"r{i}") for i in range(3)]
    seats.insert(2, poller)  # the API's seat 2: the third seat
    match = creating.do_create_match("king", {}, seats)
    for _ in range(2000):
        if Turn.objects.filter(match=match, status="pending").exists():
            break
        match.refresh_from_db()
        runner.run_turns(match.pk, match.version)
    turn = Turn.objects.get(match=match, status="pending")
    bot = APIClient()
    bot.credentials(HTTP_AUTHORIZATION=f"Bot {poller.token}")
    bot.post(f"/api/v1/bot/turns/{turn.request_id}/", {"action": {"type": "play", "card": "ZZ"}}, format="json")
    owner = APIClient()
    owner.credentials(HTTP_AUTHORIZATION=f"Token {issue_token(poller.owner)}")

    api = owner.get(f"/api/v1/bots/{poller.pk}/").json()
    faults = owner.get(f"/api/v1/bots/{poller.pk}/faults/").json()["results"]
    assert [m["seat"] for m in api["matches"]] == [2] and [f["seat"] for f in faults] == [2]
    page = Client().get(f"/bots/{poller.pk}/").content.decode()
    matches, faulted = page.split('id="bot-matches"')[1], page.split('id="bot-faults"')[1]
    assert table_rows(matches, "tbody")[0][2] == "3"  # Match, Game, Seat
    assert table_rows(faulted, "tbody")[0][2] == "3"  # When, Match, Seat
    assert Match.objects.get(pk=match.pk).seats.get(bot=poller).index == 2
