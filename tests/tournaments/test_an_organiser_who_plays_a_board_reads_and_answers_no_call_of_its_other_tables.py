"""Closed rooms and calls (docs/tournaments.md, "Calling the director"): while a duplicate
board is still played, an organiser who plays it at one table neither lists, reads nor answers
a call from another table of that board (403 ``board_in_play``, nothing stored), nor does a
player of one table call on another table's match; staff who play nowhere read it and answer."""

import pytest
from django.test import Client

from games.models import Seat
from tests.fixtures.people import body, client_for
from tests.tournaments.closed_rooms import person, shared_board_event
from tournaments.models import Tournament
from tournaments.service import director_calls

pytestmark = pytest.mark.django_db


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def test_the_playing_organiser_sees_nothing_of_another_tables_call_until_the_board_is_played(
    organiser, make_bot, staff
):
    people = [person(f"p{i}") for i in range(7)]
    tournament, (a, b), _bots = shared_board_event(organiser, make_bot, "king", {}, people, [], organiser_plays=True)
    elsewhere = b if Seat.objects.filter(match=a, user=organiser).exists() else a
    here = a if elsewhere is b else b
    caller = Seat.objects.filter(match=elsewhere, user__isnull=False).first().user
    neighbour = Seat.objects.filter(match=here).exclude(user=organiser).first().user

    call = director_calls.do_call_director(
        tournament.pk, elsewhere.pk, 1, "They showed a card: the king of hearts.", caller
    )
    tournament = Tournament.objects.get(pk=tournament.pk)

    assert director_calls.calls_for_arbiter(tournament, organiser) == []
    listed = client_for(organiser).get(f"/api/v1/tournaments/{tournament.pk}/calls/")
    assert listed.status_code == 200 and body(listed) == []
    one = client_for(organiser).get(f"/api/v1/tournaments/{tournament.pk}/calls/?match={elsewhere.pk}")
    assert one.status_code == 403 and body(one)["error"]["code"] == "board_in_play"
    page = signed_in(organiser).get(f"/tournaments/{tournament.pk}/manage/")
    assert page.status_code == 200 and "king of hearts" not in page.content.decode()

    answer = client_for(organiser).post(
        f"/api/v1/tournaments/{tournament.pk}/calls/answer/", {"call": call["id"], "reply": "ok"}, format="json"
    )
    assert answer.status_code == 403 and body(answer)["error"]["code"] == "board_in_play"
    assert Tournament.objects.get(pk=tournament.pk).version == tournament.version

    sideways = client_for(neighbour).post(
        f"/api/v1/tournaments/{tournament.pk}/calls/",
        {"match": elsewhere.pk, "deal": 1, "note": "me too"},
        format="json",
    )
    assert sideways.status_code == 403 and body(sideways)["error"]["code"] == "not_your_seat"
    assert Tournament.objects.get(pk=tournament.pk).version == tournament.version

    page = signed_in(staff).get(f"/tournaments/{tournament.pk}/manage/")
    assert "They showed a card: the king of hearts." in page.content.decode()
    (seen,) = director_calls.calls_for_arbiter(tournament, staff)
    assert seen["note"] == "They showed a card: the king of hearts."
    assert director_calls.do_answer(tournament.pk, staff, call["id"], reply="Penalty card: it stays face up.")
