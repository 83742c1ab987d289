"""A Swiss round puts the top four together, then the next four, and so on, but swaps players
between adjacent tables to avoid repeat meetings, moving players as little as it can."""

import random
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from tournaments.seating import meeting_report, swiss_round


def as_sets(tables):
    return [set(table) for table in tables]


def repeats(tables, history):
    met = meeting_report(history, table_size=4)["pair_counts"] if history else {}
    return sum(met.get(tuple(sorted(pair)), 0) for table in tables for pair in combinations(table, 2))


def test_without_history_the_standing_is_cut_into_fours():
    standing = ["ann", "bob", "cem", "dia", "eda", "fay", "gus", "hal"]
    assert swiss_round(standing, table_size=4) == [("ann", "bob", "cem", "dia"), ("eda", "fay", "gus", "hal")]


def test_after_a_round_of_eight_each_table_takes_two_from_each_old_table():
    tables = swiss_round(list(range(8)), [[(0, 1, 2, 3), (4, 5, 6, 7)]], table_size=4)
    # Two players from each previous table is the fewest repeats there can be (4); the lowest of
    # the top table trade with the highest of the next.
    assert as_sets(tables) == [{0, 1, 4, 5}, {2, 3, 6, 7}]


def test_a_pair_meeting_counter_works_like_the_schedule_it_counts():
    history = [[(0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11)], [(0, 4, 8, 9), (1, 5, 10, 11), (2, 3, 6, 7)]]
    counter = meeting_report(history, table_size=4)["pair_counts"]
    from_schedule = swiss_round(list(range(12)), history, table_size=4)
    from_counter = swiss_round(list(range(12)), counter, table_size=4)
    assert as_sets(from_schedule) == as_sets(from_counter)
    as_frozensets = {frozenset(pair): n for pair, n in counter.items()}
    assert swiss_round(list(range(12)), as_frozensets, table_size=4) == from_counter


def test_players_who_have_left_are_ignored_in_the_history():
    history = [[("ann", "bob", "cem", "gone")], [("ann", "dia", "eda", "fay")]]
    standing = ["ann", "bob", "cem", "dia", "eda", "fay", "gus", "hal"]
    tables = swiss_round(standing, history, table_size=4)
    assert sorted(p for table in tables for p in table) == sorted(standing)
    # "gone" is ignored. 3 repeats is the fewest possible here (ann has met everyone but gus and
    # hal, and any four of bob..fay hold two met pairs), reached by moving just ann and eda.
    assert as_sets(tables) == [{"bob", "cem", "dia", "eda"}, {"ann", "fay", "gus", "hal"}]
    assert repeats(tables, history) == 3


@st.composite
def swiss_situations(draw):
    n_players = 4 * draw(st.integers(1, 5))
    seed = draw(st.integers(0, 10**6))
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(n_players)]
    history = []
    for _ in range(draw(st.integers(0, 5))):
        rng.shuffle(players)
        history.append([tuple(players[i : i + 4]) for i in range(0, n_players, 4)])
    rng.shuffle(players)
    return players, history


@given(swiss_situations())
def test_every_player_gets_one_seat_and_repeats_never_exceed_the_plain_cut(situation):
    standing, history = situation
    tables = swiss_round(standing, history, table_size=4)
    assert all(len(table) == 4 for table in tables)
    assert sorted(p for table in tables for p in table) == sorted(standing)
    plain_cut = [standing[i : i + 4] for i in range(0, len(standing), 4)]
    assert repeats(tables, history) <= repeats(plain_cut, history)
    assert swiss_round(standing, history, table_size=4) == tables


@given(swiss_situations())
def test_with_no_repeat_to_avoid_nobody_moves(situation):
    standing, _ = situation
    fresh_history = [[tuple(f"other{i}" for i in range(4))]]
    tables = swiss_round(standing, fresh_history, table_size=4)
    assert as_sets(tables) == [set(standing[i : i + 4]) for i in range(0, len(standing), 4)]
