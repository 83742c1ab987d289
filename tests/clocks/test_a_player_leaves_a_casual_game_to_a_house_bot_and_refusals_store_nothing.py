"""Leaving a casual table (games.service.hand_overs.do_leave_seat, /matches/<id>/leave/): after a
confirmation a house bot takes the seat as a ``seat_taken_over`` event (reason "left") and
plays it to the end; the seat keeps its holder's name, so nobody else can take it, and its
player can neither act for it nor leave it again. Refusals (not your seat, the game over,
already left) say why and store nothing."""

import pytest

from bots import runner
from games.errors import ServiceError
from games.models import Event, Match, Seat
from games.service import creating, hand_overs, playing, states
from tests.pages.tables import browser


def events(match):
    return Event.objects.filter(stream=match.stream).count()


@pytest.fixture
def table(players):
    return creating.do_create_match("king", {}, players)


def test_the_confirmation_page_then_leaving_hands_the_seat_to_a_house_bot(players, table):
    leaver = players[table.to_act]
    client = browser(leaver)
    page = client.get(f"/matches/{table.pk}/").content.decode()
    assert 'id="leave-table"' in page and f"/matches/{table.pk}/leave/" in page

    confirm = client.get(f"/matches/{table.pk}/leave/")
    assert confirm.status_code == 200 and "A house bot takes your seat" in confirm.content.decode()
    assert events(table) == table.version  # asking stores nothing

    response = client.post(f"/matches/{table.pk}/leave/")
    assert response.status_code == 302 and response["Location"] == f"/matches/{table.pk}/"
    taken = Event.objects.get(stream=table.stream, type="seat_taken_over")
    assert taken.payload == {"seat": table.to_act, "by": "heuristic", "reason": "left"}
    assert taken.metadata["actor"] == f"user:{leaver.pk}"
    assert Seat.objects.get(match=table, index=table.to_act).user == leaver  # nobody else's now

    page = client.get(f"/matches/{table.pk}/").content.decode()
    assert "A house bot plays your seat now." in page and 'id="leave-table"' not in page


def test_the_house_bot_plays_the_left_seat_and_its_player_cannot_act(players, table):
    seat = table.to_act
    hand_overs.do_leave_seat(table.pk, players[seat])
    table.refresh_from_db()
    with pytest.raises(ServiceError) as refusal:
        playing.submit_action(table.pk, players[seat], states.current_state(table).legal_actions()[0], table.version)
    assert refusal.value.code == "seat_taken_over"
    before = table.version
    runner.run_turns(table.pk, before)  # what the worker does once the leave is announced
    table.refresh_from_db()
    assert table.version > before
    played = Event.objects.get(stream=table.stream, version=before + 1)
    assert played.metadata["seat"] == seat and played.metadata["actor"].startswith("bot:")


def test_a_bot_plays_a_whole_game_once_every_person_has_left(players):
    match = creating.do_create_match("king", {"quick_game_combined_negatives": True}, players)
    for person in players:
        hand_overs.do_leave_seat(match.pk, person)
    for _ in range(200):
        match.refresh_from_db()
        if match.status == Match.Status.OVER:
            break
        runner.run_turns(match.pk, match.version)
    assert match.status == Match.Status.OVER


def refused(match, user, code, status):
    before = events(match)
    with pytest.raises(ServiceError) as refusal:
        hand_overs.do_leave_seat(match.pk, user)
    assert (refusal.value.code, refusal.value.status) == (code, status)
    assert events(match) == before
    return refusal.value


def test_someone_without_a_seat_cannot_leave_it(players, table, django_user_model):
    outsider = django_user_model.objects.create_user("outsider", password="long-enough-pass")
    refused(table, outsider, "not_your_seat", 403)
    response = browser(outsider).post(f"/matches/{table.pk}/leave/")
    assert response.status_code == 403 and "you hold no seat in this match" in response.content.decode()
    assert not Event.objects.filter(stream=table.stream, type="seat_taken_over").exists()


def test_a_seat_cannot_be_left_twice(players, table):
    hand_overs.do_leave_seat(table.pk, players[1])
    refused(table, players[1], "seat_already_left", 409)
    response = browser(players[1]).get(f"/matches/{table.pk}/leave/")
    assert response.status_code == 409 and "a house bot already plays this seat" in response.content.decode()


def test_a_finished_game_cannot_be_left(players, table):
    Match.objects.filter(pk=table.pk).update(status=Match.Status.OVER, to_act=None)
    refused(table, players[0], "match_over", 409)


def test_leaving_needs_a_login_and_a_post_to_act(table):
    response = browser().post(f"/matches/{table.pk}/leave/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not Event.objects.filter(stream=table.stream, type="seat_taken_over").exists()
