"""In the duplicate format each board is played at several tables in one round; nobody plays a
board twice, and each seat of each board has a comparison group of one player per table that
played the board."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.seating import BoardTable, comparison_groups, duplicate_schedule, seat_counts


def test_twelve_entrants_play_each_board_at_all_three_tables_at_once():
    schedule = duplicate_schedule(12, 4, table_size=4)
    assert len(schedule) == 4
    for round_no, round_ in enumerate(schedule):
        assert [entry.board for entry in round_] == [round_no] * 3
        assert sorted(p for entry in round_ for p in entry.table) == list(range(12))
    groups = comparison_groups(schedule, table_size=4)
    assert list(groups) == [(board, seat) for board in range(4) for seat in range(4)]
    for (board, seat), players in groups.items():
        assert players == [entry.table[seat] for entry in schedule[board]]
    counts = seat_counts([[e.table for e in r] for r in schedule], table_size=4)
    assert max(max(s) - min(s) for s in counts.values()) <= 1


def test_tables_can_split_into_groups_each_playing_its_own_board():
    schedule = duplicate_schedule(24, 6, tables_per_board=3, table_size=4)
    assert [[entry.board for entry in round_] for round_ in schedule] == [
        [0, 0, 0, 1, 1, 1],
        [2, 2, 2, 3, 3, 3],
        [4, 4, 4, 5, 5, 5],
    ]
    assert all(len(players) == 3 for players in comparison_groups(schedule, table_size=4).values())


def test_comparison_groups_accept_plain_pairs_and_refuse_a_board_played_twice():
    assert comparison_groups([[(7, ("a", "b", "c", "d"))]], table_size=4) == {
        (7, 0): ["a"],
        (7, 1): ["b"],
        (7, 2): ["c"],
        (7, 3): ["d"],
    }
    with pytest.raises(ValueError, match="plays board 7 twice"):
        comparison_groups([[(7, ("a", "b", "c", "d"))], [BoardTable(7, ("e", "f", "g", "a"))]], table_size=4)


@st.composite
def events(draw):
    n_tables = draw(st.sampled_from([1, 2, 3, 4, 6]))
    tables_per_board = draw(st.sampled_from([d for d in range(1, n_tables + 1) if n_tables % d == 0]))
    boards_per_round = n_tables // tables_per_board
    n_rounds = draw(st.integers(1, 4))
    return 4 * n_tables, boards_per_round * n_rounds, tables_per_board


@given(events())
def test_no_player_plays_a_board_twice_and_each_group_has_one_player_per_table(event):
    n_players, n_boards, tables_per_board = event
    schedule = duplicate_schedule(n_players, n_boards, tables_per_board, table_size=4)
    tables_per_played_board = Counter(entry.board for round_ in schedule for entry in round_)
    assert sorted(tables_per_played_board) == list(range(n_boards))
    assert set(tables_per_played_board.values()) == {tables_per_board}
    plays = Counter((entry.board, player) for round_ in schedule for entry in round_ for player in entry.table)
    assert set(plays.values()) == {1}
    for round_ in schedule:
        assert sorted(p for entry in round_ for p in entry.table) == list(range(n_players))
    groups = comparison_groups(schedule, table_size=4)
    assert len(groups) == 4 * n_boards
    for (board, _seat), players in groups.items():
        assert len(players) == len(set(players)) == tables_per_played_board[board]
