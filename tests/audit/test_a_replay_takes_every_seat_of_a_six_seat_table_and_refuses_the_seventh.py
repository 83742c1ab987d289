"""GET matches/{id}/replay/?seat= is bounded by the match's own table (``num_seats``), not by a
table of four: at a six-seat Kings in the Corner table seats 4 and 5 replay, seat 6 is refused
with the bound that table has."""

import pytest

from tests.audit.corners_matches import finished_corners
from tests.fixtures.people import body, client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def six_seat_match(make_bot):
    match = finished_corners(make_bot, "corners", 6, options={"fixed_hands": 1})
    assert match.num_seats == 6 and match.status == "over"
    return match


def replay(match, seat, version=3):
    return client_for().get(f"/api/v1/matches/{match.pk}/replay/?seat={seat}&version={version}")


@pytest.mark.parametrize("seat", [4, 5])
def test_the_fifth_and_sixth_seats_of_a_six_seat_table_replay(six_seat_match, seat):
    r = replay(six_seat_match, seat)
    assert r.status_code == 200, r.content
    data = body(r)
    hands = next(e["event"]["hands"] for e in data["events"] if e["event"]["type"] == "deal_started")
    assert len(hands) == 6 and hands[seat] is not None  # the seat's own hand, as it saw it then


@pytest.mark.parametrize("seat", [6, -1, 99])
def test_a_seat_past_the_table_is_refused_with_the_tables_own_bound(six_seat_match, seat):
    r = replay(six_seat_match, seat)
    assert r.status_code == 400
    error = body(r)["error"]
    assert error["code"] == "invalid_input" and "0 to 5" in error["message"]
