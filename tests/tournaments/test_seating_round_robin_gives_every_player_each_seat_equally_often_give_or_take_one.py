"""Seats matter (who deals, declares and leads first), so the round robin orders each table's
seats so that every player holds each seat equally often, give or take one. The balancing works
on any schedule: it is de Werra's equitable edge colouring, which always succeeds."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.seating import round_robin, seat_counts
from tournaments.seating.seats import balance_seats


def spread(schedule):
    return max(max(seats) - min(seats) for seats in seat_counts(schedule, table_size=4).values())


@pytest.mark.parametrize(
    "n_players, n_rounds",
    [(4, 1), (4, 6), (4, 9), (16, None), (16, 9), (28, None), (40, None), (8, 3), (12, 4), (20, 6), (32, 7), (44, 15)],
)
def test_round_robin_seats_are_balanced(n_players, n_rounds):
    schedule = round_robin(n_players, n_rounds, table_size=4)
    assert spread(schedule) <= 1
    assert all(sum(seats) == len(schedule) for seats in seat_counts(schedule, table_size=4).values())


@given(n_tables=st.integers(1, 6), n_rounds=st.integers(1, 12), seed=st.integers(0, 10**6))
def test_any_schedule_can_be_balanced_keeping_every_table_together(n_tables, n_rounds, seed):
    rng = random.Random(seed)
    players = list(range(4 * n_tables))
    rounds = []
    for _ in range(n_rounds):
        rng.shuffle(players)
        rounds.append([tuple(players[i : i + 4]) for i in range(0, len(players), 4)])

    balanced = balance_seats(rounds)

    assert [[sorted(table) for table in round_] for round_ in balanced] == [
        [sorted(table) for table in round_] for round_ in rounds
    ]
    assert spread(balanced) <= 1
