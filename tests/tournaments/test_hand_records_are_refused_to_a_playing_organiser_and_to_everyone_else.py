"""Hand records show every card of boards no table has played yet (docs/architecture.md §3.5):
only a free arbiter reads them, the event's organiser or staff who play in no match of it and
are none of its entrants. An organiser who plays gets 403 ``arbiter_only``, anyone else signed in
403 ``organiser_only``, a visitor the log-in page; none of them a card, on the page or in its
download. A tournament whose tables share no board has none (404)."""

import re

import pytest
from django.test import Client

from tests.tournaments.closed_rooms import person, shared_board_event
from tests.tournaments.draws import event, signed_in
from tournaments.service import entries

pytestmark = pytest.mark.django_db
CARD = re.compile(r"[♠♥♦♣]")
PATHS = ["/tournaments/{id}/manage/hand-records/", "/tournaments/{id}/manage/hand-records/?export=json&compact=1"]


def refused(client, t, status, code_words):
    for path in PATHS:
        answer = client.get(path.format(id=t.pk))
        text = answer.content.decode()
        assert answer.status_code == status, (path, answer.status_code)
        assert code_words in text and not CARD.search(text), path


def test_an_organiser_who_plays_is_refused(organiser, make_bot):
    players = [person(f"p{i}") for i in range(7)]
    t, _matches, _bots = shared_board_event(organiser, make_bot, "king", {}, players, [], organiser_plays=True)
    refused(signed_in(organiser), t, 403, "only an arbiter sees every hand")


def test_an_organiser_entered_before_any_round_is_refused_too(organiser, make_bot):
    t = event(organiser, make_bot, "duplicate", 7)
    entries.do_register(t.pk, organiser, user=organiser)
    refused(signed_in(organiser), t, 403, "only an arbiter sees every hand")


def test_players_spectators_and_visitors_are_refused_and_free_arbiters_admitted(organiser, make_bot, staff):
    players = [person(f"p{i}") for i in range(8)]
    t, _matches, _bots = shared_board_event(organiser, make_bot, "king", {}, players, [])
    refused(signed_in(players[0]), t, 403, "only the tournament&#x27;s organiser can do this")
    refused(signed_in(person("spectator")), t, 403, "only the tournament&#x27;s organiser can do this")
    for path in PATHS:
        answer = Client().get(path.format(id=t.pk))
        assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]
    for arbiter in (organiser, staff):
        page = signed_in(arbiter).get(f"/tournaments/{t.pk}/manage/hand-records/")
        assert page.status_code == 200 and CARD.search(page.content.decode())


def test_a_tournament_whose_tables_share_no_board_has_no_hand_records(organiser, make_bot):
    t = event(organiser, make_bot, "swiss", 4)
    answer = signed_in(organiser).get(f"/tournaments/{t.pk}/manage/hand-records/")
    assert answer.status_code == 404 and not CARD.search(answer.content.decode())
    assert 'id="hand-records"' not in signed_in(organiser).get(f"/tournaments/{t.pk}/manage/").content.decode()
