"""The database itself holds each seat within its own match's table (a trigger,
games/record/triggers.py): below the largest table of any game is not enough, a seat must be below
its match's ``num_seats``. A row that would add a fifth seat to a King table, or move a seat
past the table's end, is refused and nothing changes. Run on PostgreSQL in CI and on SQLite
again by ``make test``, like the event log's triggers."""

import pytest
from django.db import IntegrityError, transaction

from games.models import MOST_SEATS, Seat
from games.offer import offered_names
from games.service import creating


@pytest.fixture
def match(db):
    match = creating.do_create_match(offered_names()[0])
    assert match.num_seats < MOST_SEATS  # a seat the table check alone would let in
    return match


def test_a_seat_past_its_own_table_is_refused_though_a_larger_table_would_have_it(match):
    with pytest.raises(IntegrityError, match="num_seats"), transaction.atomic():
        Seat.objects.create(match=match, index=match.num_seats)
    assert list(match.seats.values_list("index", flat=True)) == list(range(match.num_seats))


def test_moving_a_seat_past_the_end_of_its_table_is_refused(match):
    seat = match.seats.get(index=match.num_seats - 1)
    with pytest.raises(IntegrityError, match="num_seats"), transaction.atomic():
        Seat.objects.filter(pk=seat.pk).update(index=match.num_seats)
    assert Seat.objects.get(pk=seat.pk).index == match.num_seats - 1


def test_seats_within_the_table_are_stored_as_ever(match):
    seat = match.seats.get(index=0)
    Seat.objects.filter(pk=seat.pk).update(index=0)  # an update inside the table passes the guard
    assert match.seats.count() == match.num_seats
