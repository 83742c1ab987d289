"""A tournament sets its people's clock (a move time, a bank, a strike limit: the service, the
API and the new-tournament form) and each of its matches gets it; bad values are refused and
nothing is stored. Leaving a seat at its table is a withdrawal from the tournament. A seat a
house bot took for timeouts goes back to its player by the organiser's ruling (``seat_returned``
in the match's stream and the tournament's); wrong rulings store nothing."""

import pytest

from bots import runner
from games.errors import ServiceError
from games.models import Event, Match
from games.service import clocks, hand_overs
from tests.fixtures.people import body, client_for
from tests.pages.tables import browser
from tournaments.models import Entrant, Tournament
from tournaments.service import creation, entries, rounds, rulings


def create(organiser, **clock):
    return creation.do_create_tournament(organiser, "Clocked", "king", {}, "swiss", 1, **clock)


def started(organiser, players, **clock):
    t = create(organiser, **clock)
    for person in players:
        entries.do_register(t.pk, person, user=person)
    rounds.do_start_round(t.pk, organiser)
    return t, Match.objects.get(event=t.stream)


def test_each_match_of_the_tournament_gets_its_clock(organiser, players):
    t, match = started(organiser, players, person_move_seconds=20, person_bank_seconds=90, person_strike_limit=2)
    assert (t.person_move_seconds, t.person_bank_seconds, t.person_strike_limit) == (20, 90, 2)
    assert (match.move_seconds, match.bank_seconds, match.strike_limit) == (20, 90, 2)


def test_no_move_time_takes_the_sites_casual_default(organiser, players, settings):
    _t, match = started(organiser, players)
    assert match.move_seconds == settings.PERSON_MOVE_SECONDS


@pytest.mark.parametrize(
    "clock",
    [
        {"person_move_seconds": -1},
        {"person_move_seconds": 4000},
        {"person_move_seconds": "fast"},
        {"person_bank_seconds": -5},
        {"person_move_seconds": 0, "person_bank_seconds": 0},
        {"person_strike_limit": 0},
        {"person_strike_limit": 11},
        {"person_strike_limit": True},
    ],
)
def test_a_bad_clock_is_refused_and_nothing_is_stored(organiser, clock):
    with pytest.raises(ServiceError) as refusal:
        create(organiser, **clock)
    assert refusal.value.code == "invalid_clock" and refusal.value.status == 400
    assert not Tournament.objects.exists() and not Event.objects.exists()


def test_the_api_takes_and_shows_the_clock_and_refuses_a_bad_one(organiser):
    api = client_for(organiser)
    sent = {"name": "Clocked", "ruleset": "king", "format": "swiss", "rounds": 1}
    made = api.post(
        "/api/v1/tournaments/", {**sent, "person_move_seconds": 0, "person_bank_seconds": 600}, format="json"
    )
    assert made.status_code == 201
    assert (body(made)["person_move_seconds"], body(made)["person_bank_seconds"]) == (0, 600)
    bad = api.post("/api/v1/tournaments/", {**sent, "person_strike_limit": 99}, format="json")
    assert bad.status_code == 400 and body(bad)["error"]["code"] == "invalid_clock"
    assert Tournament.objects.count() == 1


def test_the_new_tournament_form_takes_the_clock(organiser):
    client = browser(organiser)
    page = client.get("/tournaments/new/").content.decode()
    assert 'name="person_move_seconds"' in page and 'name="person_strike_limit"' in page
    form = {
        "name": "Clocked",
        "ruleset": "king",
        "format": "swiss",
        "rounds": "1",
        "table_points": "place",
        "tie_break_1": "game_score",
        "fill": "house_bots",
        "bot_turn_timeout": "2",
        "person_move_seconds": "45",
        "person_bank_seconds": "120",
        "person_strike_limit": "2",
    }
    assert client.post("/tournaments/new/", form).status_code == 302
    t = Tournament.objects.get()
    assert (t.person_move_seconds, t.person_bank_seconds, t.person_strike_limit) == (45, 120, 2)


def test_leaving_a_tournament_table_withdraws_the_player_and_a_bot_plays_on(organiser, players):
    t, match = started(organiser, players)
    leaver = players[2]
    seat = match.seats.get(user=leaver).index
    page = browser(leaver).get(f"/matches/{match.pk}/leave/").content.decode()
    assert "withdraws you from the tournament" in page
    assert browser(leaver).post(f"/matches/{match.pk}/leave/").status_code == 302
    assert Entrant.objects.get(tournament=t, user=leaver).status == Entrant.Status.WITHDRAWN
    taken = Event.objects.get(stream=match.stream, type="seat_taken_over")
    assert taken.payload["seat"] == seat and taken.payload["reason"] == "left"
    assert Event.objects.filter(stream=t.stream, type="entrant_withdrawn").count() == 1


def time_out_until_taken(match):
    while not Event.objects.filter(stream=match.stream, type="seat_taken_over").exists():
        match.refresh_from_db()
        runner.person_deadline(match.pk, match.version)
    return Event.objects.get(stream=match.stream, type="seat_taken_over").payload["seat"]


def test_the_organisers_ruling_gives_a_seat_taken_for_timeouts_back(organiser, players):
    t, match = started(organiser, players, person_move_seconds=0, person_bank_seconds=1, person_strike_limit=1)
    Match.objects.filter(pk=match.pk).update(bank_seconds=0)  # every turn is due at once
    seat = time_out_until_taken(match)
    assert clocks.seat_records(match)[seat].taken_over

    rulings.do_record_ruling(t.pk, organiser, "return_seat", match.pk, "the phone rang", seat=seat)
    returned = Event.objects.get(stream=match.stream, type="seat_returned")
    assert returned.payload == {"seat": seat, "reason": "the phone rang"}
    record = clocks.seat_records(match)[seat]
    assert not record.taken_over and record.strikes == 0
    assert Event.objects.get(stream=t.stream, type="seat_returned").payload["author"] == "organiser"


def test_wrong_returns_are_refused_and_store_nothing(organiser, players):
    t, match = started(organiser, players)
    counts = (Event.objects.filter(stream=match.stream).count(), Event.objects.filter(stream=t.stream).count())

    def refused(code, by=organiser, seat=0, reason="why", match_id=match.pk):
        with pytest.raises(ServiceError) as refusal:
            rulings.do_record_ruling(t.pk, by, "return_seat", match_id, reason, seat=seat)
        assert refusal.value.code == code
        assert counts == (
            Event.objects.filter(stream=match.stream).count(),
            Event.objects.filter(stream=t.stream).count(),
        )

    refused("seat_not_taken")  # nobody took it
    refused("invalid_seat", seat=7)
    refused("invalid_ruling", reason=" ")
    refused("not_found", match_id=match.pk + 1000)
    refused("organiser_only", by=players[0])
    hand_overs.do_leave_seat(match.pk, players[1])
    left = match.seats.get(user=players[1]).index
    counts = (Event.objects.filter(stream=match.stream).count(), Event.objects.filter(stream=t.stream).count())
    refused("seat_left", seat=left)  # a player who left (withdrew) is not put back


def test_the_manage_pages_ruling_form_gives_the_seat_back(organiser, players):
    t, match = started(organiser, players, person_move_seconds=0, person_bank_seconds=1, person_strike_limit=1)
    Match.objects.filter(pk=match.pk).update(bank_seconds=0)
    seat = time_out_until_taken(match)
    client = browser(organiser)
    assert (
        "Give a player back the seat a house bot took for timeouts"
        in client.get(f"/tournaments/{t.pk}/manage/").content.decode()
    )
    form = {"kind": "return_seat", "match": match.pk, "reason": "the phone rang", "seat": seat}
    assert client.post(f"/tournaments/{t.pk}/manage/rulings/", form).status_code == 302
    assert Event.objects.filter(stream=match.stream, type="seat_returned", payload__seat=seat).exists()
    # The manage page lists it with the other rulings: what, where, by whom and why.
    page = client.get(f"/tournaments/{t.pk}/manage/").content.decode()
    rulings = page.split('id="rulings"')[1].split("</ul>")[0]
    assert "Give a player back the seat a house bot took for timeouts" in rulings
    assert f"match {match.pk} by organiser: the phone rang" in rulings
