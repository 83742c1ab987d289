"""Player counts with no exact schedule (and exact counts asked for a different number of
rounds) get a schedule that spreads the meetings as evenly as the search can: everyone plays
every round, no pair meets more than once more than the average forces, and the report says
which pairs repeat and which never meet."""

from itertools import combinations
from math import ceil

import pytest

from tournaments.seating import full_round_robin_rounds, meeting_report, round_robin

CASES = [(8, 3), (12, 3), (12, 4), (20, 5), (20, 6), (20, 7), (24, 8), (32, 7), (32, 8), (32, 11), (44, 15)]


def lowest_possible_max(n_players, n_rounds):
    """No schedule can do better than the average number of meetings per pair, rounded up."""
    meetings = n_rounds * n_players // 4 * 6
    return ceil(meetings / (n_players * (n_players - 1) // 2))


@pytest.mark.parametrize("n_players, n_rounds", CASES)
def test_everyone_plays_every_round_and_no_pair_meets_more_than_once_beyond_the_lowest_possible_max(
    n_players, n_rounds
):
    schedule = round_robin(n_players, n_rounds, table_size=4)
    assert len(schedule) == n_rounds
    for round_ in schedule:
        assert sorted(player for table in round_ for player in table) == list(range(n_players))
    report = meeting_report(schedule, table_size=4)
    assert sum(report["pair_counts"].values()) == n_rounds * n_players // 4 * 6
    assert report["max_meetings"] <= max(2, lowest_possible_max(n_players, n_rounds))


@pytest.mark.parametrize("n_players, n_rounds", [(20, 5), (32, 7)])
def test_when_a_schedule_without_repeats_is_within_reach_the_search_finds_it(n_players, n_rounds):
    report = meeting_report(round_robin(n_players, n_rounds, table_size=4), table_size=4)
    assert report["max_meetings"] == 1 and report["repeated_pairs"] == []


def test_eight_players_in_three_rounds_get_the_best_schedule_there_is():
    """Against every schedule (round 1 fixed, by symmetry): at best 12 pairs meet twice."""

    def splits():
        for first_table in combinations(range(1, 8), 3):
            table = (0, *first_table)
            yield [table, tuple(p for p in range(8) if p not in table)]

    def quality(schedule):
        report = meeting_report(schedule, table_size=4)
        return report["max_meetings"], len(report["repeated_pairs"])

    first = [(0, 1, 2, 3), (4, 5, 6, 7)]
    best = min(quality([first, second, third]) for second in splits() for third in splits())
    assert best == (2, 12)
    assert quality(round_robin(8, 3, table_size=4)) == best


@pytest.mark.parametrize("n_players, n_rounds", [(8, 3), (12, 4), (20, 7), (24, 8), (32, 11), (44, 15), (52, 17)])
def test_by_default_there_are_enough_rounds_for_everyone_to_meet_everyone(n_players, n_rounds):
    assert full_round_robin_rounds(n_players, table_size=4) == n_rounds
    schedule = round_robin(n_players, table_size=4)
    assert len(schedule) == n_rounds
    assert meeting_report(schedule, table_size=4)["max_meetings"] == 2


def test_the_report_names_the_repeated_pairs_and_the_pairs_that_never_meet():
    report = meeting_report(round_robin(20, 6, table_size=4), table_size=4)
    counts = report["pair_counts"]
    assert report["repeated_pairs"] == [(pair, n) for pair, n in counts.items() if n > 1]
    assert set(report["never_met"]) == set(combinations(range(20), 2)) - set(counts)
    assert len(report["repeated_pairs"]) <= 10
