"""meeting_report says how often each pair shares a table, which pairs meet more than once and
which never meet, for any schedule of any player ids."""

from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from tournaments.seating import meeting_report

TWO_ROUNDS_OF_EIGHT = [
    [(0, 1, 2, 3), (4, 5, 6, 7)],
    [(1, 0, 4, 5), (2, 3, 6, 7)],
]


def test_a_small_schedule_is_reported_pair_by_pair():
    report = meeting_report(TWO_ROUNDS_OF_EIGHT, table_size=4)
    assert report["pair_counts"] == {
        (0, 1): 2,
        (0, 2): 1,
        (0, 3): 1,
        (0, 4): 1,
        (0, 5): 1,
        (1, 2): 1,
        (1, 3): 1,
        (1, 4): 1,
        (1, 5): 1,
        (2, 3): 2,
        (2, 6): 1,
        (2, 7): 1,
        (3, 6): 1,
        (3, 7): 1,
        (4, 5): 2,
        (4, 6): 1,
        (4, 7): 1,
        (5, 6): 1,
        (5, 7): 1,
        (6, 7): 2,
    }
    assert report["max_meetings"] == 2
    assert report["repeated_pairs"] == [((0, 1), 2), ((2, 3), 2), ((4, 5), 2), ((6, 7), 2)]
    assert report["never_met"] == [(0, 6), (0, 7), (1, 6), (1, 7), (2, 4), (2, 5), (3, 4), (3, 5)]


def test_ids_that_cannot_be_sorted_are_listed_in_order_of_first_appearance():
    report = meeting_report([[("b", 1, None, 2.5)], [("b", 1, "x", "y")]], table_size=4)
    assert report["repeated_pairs"] == [(("b", 1), 2)]
    assert report["never_met"] == [(None, "x"), (None, "y"), (2.5, "x"), (2.5, "y")]


def test_an_empty_schedule_has_no_meetings():
    assert meeting_report([], table_size=4) == {
        "pair_counts": {},
        "max_meetings": 0,
        "repeated_pairs": [],
        "never_met": [],
    }


@st.composite
def schedules(draw):
    n_tables = draw(st.integers(1, 4))
    players = [f"p{i}" for i in range(4 * n_tables)]
    return [
        [tuple(order[i : i + 4]) for i in range(0, len(order), 4)]
        for order in draw(st.lists(st.permutations(players), max_size=6))
    ]


@given(schedules())
def test_met_and_never_met_pairs_cover_every_pair_once_and_counts_add_up(schedule):
    report = meeting_report(schedule, table_size=4)
    players = sorted({player for round_ in schedule for table in round_ for player in table})
    met = set(report["pair_counts"])
    assert met.isdisjoint(report["never_met"])
    assert met | set(report["never_met"]) == set(combinations(players, 2))
    assert sum(report["pair_counts"].values()) == 6 * sum(len(round_) for round_ in schedule)
    assert report["repeated_pairs"] == sorted(
        ((pair, n) for pair, n in report["pair_counts"].items() if n > 1), key=lambda item: -item[1]
    )
    assert report["max_meetings"] == max(report["pair_counts"].values(), default=0)
