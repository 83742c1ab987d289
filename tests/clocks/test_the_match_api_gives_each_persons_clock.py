"""``GET /api/v1/matches/{id}/`` gives the match's clock settings and each person's clock as
the table shows it (games.service.clocks.match_clocks): seconds left of the move time and the bank for
the seat to act, strikes, and whether a house bot took the seat. Every viewer gets the same
clocks, a spectator too: they say nothing about a hand."""

from games.models import Match
from games.service import creating, hand_overs
from tests.fixtures.people import client_for


def test_the_seat_to_act_counts_down_and_every_person_seat_has_its_clock(players):
    match = creating.do_create_match("king", {}, players)
    Match.objects.filter(pk=match.pk).update(move_seconds=90, bank_seconds=120, strike_limit=2)
    body = client_for(players[0]).get(f"/api/v1/matches/{match.pk}/").json()
    assert body["clock"] == {"move_seconds": 90, "bank_seconds": 120, "strike_limit": 2}
    assert sorted(body["clocks"]) == ["0", "1", "2", "3"]
    acting = body["clocks"][str(match.to_act)]
    assert acting["to_act"] is True and 88 <= acting["move"] <= 90 and acting["bank"] == 120
    idle = body["clocks"][str((match.to_act + 1) % 4)]
    assert idle["to_act"] is False and idle["move"] == 90 and idle["strikes"] == 0 and idle["strike_limit"] == 2


def test_a_spectator_gets_the_same_clocks_as_a_player(players):
    match = creating.do_create_match("king", {}, players)
    seated = client_for(players[0]).get(f"/api/v1/matches/{match.pk}/").json()["clocks"]
    watching = client_for().get(f"/api/v1/matches/{match.pk}/").json()["clocks"]
    assert {seat: clock["to_act"] for seat, clock in watching.items()} == {
        seat: clock["to_act"] for seat, clock in seated.items()
    }
    assert sorted(watching) == sorted(seated) == ["0", "1", "2", "3"]


def test_a_seat_a_house_bot_took_says_so_and_a_table_without_a_clock_has_none(players):
    match = creating.do_create_match("king", {}, players)
    hand_overs.do_leave_seat(match.pk, players[1])
    left = client_for(players[0]).get(f"/api/v1/matches/{match.pk}/").json()["clocks"]["1"]
    assert left["taken_over"] is True and left["left"] is True and left["to_act"] is False
    untimed = creating.do_create_match("king", {}, players)
    Match.objects.filter(pk=untimed.pk).update(move_seconds=None)
    body = client_for(players[0]).get(f"/api/v1/matches/{untimed.pk}/").json()
    assert body["clocks"] == {} and body["clock"]["move_seconds"] is None
