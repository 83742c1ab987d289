"""Seating assumes no table size: at tables of three and of six, every function seats everyone
once a round at tables of that size, with the same guarantees as at four."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.seating import (
    comparison_groups,
    duplicate_schedule,
    full_round_robin_rounds,
    house_bots_needed,
    meeting_report,
    round_robin,
    seat_counts,
    swiss_round,
    with_byes,
)

SIZES = (3, 6)


def seats_everyone_once(round_, players, size):
    return all(len(table) == size for table in round_) and sorted(p for table in round_ for p in table) == sorted(
        players
    )


@pytest.mark.parametrize("size", SIZES)
def test_house_bots_and_byes_fill_whole_tables_of_the_size(size):
    assert [house_bots_needed(n, table_size=size) for n in range(size + 1)] == [0] + list(range(size - 1, 0, -1)) + [0]
    players = list(range(2 * size + 1))  # one too many for two tables
    playing, out = with_byes(players, 1, {}, table_size=size)
    assert len(playing) == 2 * size and out == [2 * size]  # the lowest standing sits out


@pytest.mark.parametrize("size", SIZES)
def test_a_swiss_round_cuts_the_standing_into_tables_of_the_size_and_avoids_repeats(size):
    standing = list(range(3 * size))
    first = swiss_round(standing, table_size=size)
    assert seats_everyone_once(first, standing, size)
    assert [sorted(table) for table in first] == [list(range(t * size, (t + 1) * size)) for t in range(3)]
    second = swiss_round(standing, [first], table_size=size)
    assert seats_everyone_once(second, standing, size)
    # The same tables again would repeat every pair of each table; the swaps break most of them.
    repeated = len(meeting_report([first, second], table_size=size)["repeated_pairs"])
    assert repeated < len(meeting_report([first, first], table_size=size)["repeated_pairs"]) // 2


@pytest.mark.parametrize("size", SIZES)
def test_a_swiss_round_keeps_an_owners_players_apart_at_any_size(size):
    standing = list(range(2 * size))
    owners = {0: "ana", 1: "ana"}  # the top two would share the top table
    tables = swiss_round(standing, owners=owners, table_size=size)
    assert seats_everyone_once(tables, standing, size)
    assert not any({0, 1} <= set(table) for table in tables)


@pytest.mark.parametrize("size, n_players", [(3, 9), (3, 12), (6, 12), (6, 18)])
def test_a_round_robin_at_tables_of_the_size_balances_seats(size, n_players):
    rounds = full_round_robin_rounds(n_players, table_size=size)
    assert rounds == -(-(n_players - 1) // (size - 1))
    schedule = round_robin(n_players, table_size=size)
    assert len(schedule) == rounds
    assert all(seats_everyone_once(round_, range(n_players), size) for round_ in schedule)
    for counts in seat_counts(schedule, table_size=size).values():
        assert len(counts) == size and max(counts) - min(counts) <= 1


def test_a_single_table_of_any_size_is_one_exact_round():
    assert round_robin(6, table_size=6) == [[(0, 1, 2, 3, 4, 5)]]
    assert meeting_report(round_robin(3, table_size=3), table_size=3)["never_met"] == []


@pytest.mark.parametrize("size", SIZES)
def test_duplicate_boards_at_tables_of_the_size_compare_one_seat_per_table(size):
    schedule = duplicate_schedule(2 * size, 2, table_size=size)  # two tables play each board
    groups = comparison_groups(schedule, table_size=size)
    assert sorted(groups) == [(board, seat) for board in range(2) for seat in range(size)]
    assert all(len(group) == 2 for group in groups.values())


@settings(max_examples=40, deadline=None)
@given(size=st.integers(2, 7), tables=st.integers(1, 4), data=st.data())
def test_any_standing_is_seated_at_whole_tables_of_any_size(size, tables, data):
    standing = data.draw(st.permutations(range(size * tables)))
    round_ = swiss_round(standing, table_size=size)
    assert seats_everyone_once(round_, standing, size)


@pytest.mark.parametrize("size", SIZES)
def test_a_table_of_another_size_is_refused_in_a_history(size):
    wrong = [[tuple(range(size + 1))]]
    with pytest.raises(ValueError, match=f"table of {size + 1} players.*every table seats {size}"):
        swiss_round(list(range(2 * size)), wrong, table_size=size)
