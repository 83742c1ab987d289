"""A match takes its table size from its ruleset's descriptor (``RULESETS[r].num_seats(options)``):
it stores that size, makes exactly that many seats, numbered from 0, and says so in the API. A
wrong number of holders, a ruleset the site holds back (games.offer), or a seat past the largest
table of any game (the database's own check) is refused with a clear error, and nothing is
stored."""

import pytest
from django.db import IntegrityError, transaction

from games.engine import RULESETS
from games.errors import ServiceError
from games.models import MOST_SEATS, Event, Match, Seat
from games.offer import offered_names
from games.service import creating, states
from tests.fixtures.people import body, client_for


def assert_nothing_stored():
    assert not Match.objects.exists() and not Seat.objects.exists() and not Event.objects.exists()


@pytest.mark.parametrize("ruleset", offered_names())
def test_the_match_stores_its_table_size_and_makes_exactly_those_seats(players, staff, ruleset):
    size = RULESETS[ruleset].num_seats()
    r = client_for(staff).post("/api/v1/matches/", {"ruleset": ruleset, "seats": [None] * size}, format="json")
    assert r.status_code == 201
    match = Match.objects.get(pk=body(r)["id"])
    assert match.num_seats == body(r)["num_seats"] == size
    assert list(match.seats.values_list("index", flat=True)) == list(range(size))
    assert states.match_state(match).num_seats == size


def test_by_default_every_seat_of_the_table_is_open(staff):
    match = creating.do_create_match(offered_names()[0])
    assert match.seats.count() == match.num_seats and not match.seats.exclude(user=None, bot=None).exists()


@pytest.mark.parametrize("holders", [1, 3, 5])
def test_a_wrong_number_of_holders_is_refused_by_the_api_and_the_service(players, staff, holders):
    ruleset = offered_names()[0]
    size = RULESETS[ruleset].num_seats()
    r = client_for(staff).post("/api/v1/matches/", {"ruleset": ruleset, "seats": [None] * holders}, format="json")
    assert r.status_code == 400
    error = body(r)["error"]
    assert error["code"] == "invalid_seats" and f"exactly {size} seats" in error["message"]
    with pytest.raises(ServiceError) as refusal:
        creating.do_create_match(ruleset, {}, [None] * holders)
    assert refusal.value.code == "invalid_seats"
    assert_nothing_stored()


def test_more_holders_than_any_table_has_are_refused_by_the_api(staff):
    r = client_for(staff).post(
        "/api/v1/matches/", {"ruleset": offered_names()[0], "seats": [None] * (MOST_SEATS + 1)}, format="json"
    )
    assert r.status_code == 400 and body(r)["error"]["code"] == "invalid_input"
    assert_nothing_stored()


def test_a_ruleset_the_site_holds_back_is_refused_by_the_service(staff, monkeypatch):
    held_back = list(RULESETS)[-1]
    monkeypatch.setattr(creating, "offered_names", lambda: [name for name in RULESETS if name != held_back])
    seats = [None] * RULESETS[held_back].num_seats()
    with pytest.raises(ServiceError) as refusal:
        creating.do_create_match(held_back, {}, seats)
    assert refusal.value.code == "ruleset_not_offered" and held_back not in refusal.value.message.split("one of")[1]
    assert_nothing_stored()


def test_the_database_refuses_a_seat_past_the_largest_table(staff):
    match = creating.do_create_match(offered_names()[0])
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(match=match, index=MOST_SEATS)
    assert match.seats.count() == match.num_seats
