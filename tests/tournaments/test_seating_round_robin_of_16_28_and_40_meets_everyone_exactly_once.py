"""Where an exact schedule exists the round robin seats every pair of players together exactly
once: 4 players in 1 round, 16 in 5 (the affine plane of order 4), 28 in 9, 40 in 13, and the
larger designs listed in EXACT_ROUNDS."""

import pytest

from tournaments.seating import EXACT_ROUNDS, full_round_robin_rounds, meeting_report, round_robin


def assert_everyone_plays_every_round(schedule, n_players):
    for round_ in schedule:
        assert all(len(table) == 4 for table in round_)
        assert sorted(player for table in round_ for player in table) == list(range(n_players))


@pytest.mark.parametrize("n_players, n_rounds", [(4, 1), (16, 5), (28, 9), (40, 13)])
def test_the_full_schedule_meets_every_pair_once_in_the_fewest_rounds(n_players, n_rounds):
    schedule = round_robin(n_players, table_size=4)
    assert len(schedule) == n_rounds == full_round_robin_rounds(n_players, table_size=4)
    assert_everyone_plays_every_round(schedule, n_players)
    report = meeting_report(schedule, table_size=4)
    assert len(report["pair_counts"]) == n_players * (n_players - 1) // 2
    assert set(report["pair_counts"].values()) == {1}
    assert report["max_meetings"] == 1
    assert report["repeated_pairs"] == report["never_met"] == []


@pytest.mark.parametrize("n_players", sorted(EXACT_ROUNDS))
def test_every_size_listed_as_exact_is_exact(n_players):
    schedule = round_robin(n_players, table_size=4)
    assert len(schedule) == EXACT_ROUNDS[n_players] == (n_players - 1) // 3
    assert_everyone_plays_every_round(schedule, n_players)
    report = meeting_report(schedule, table_size=4)
    assert report["max_meetings"] == 1 and report["never_met"] == []


@pytest.mark.parametrize("n_players, n_rounds", [(16, 1), (16, 3), (28, 5), (40, 7), (40, 12)])
def test_fewer_rounds_than_the_full_schedule_never_repeat_a_meeting(n_players, n_rounds):
    schedule = round_robin(n_players, n_rounds, table_size=4)
    assert len(schedule) == n_rounds
    assert_everyone_plays_every_round(schedule, n_players)
    report = meeting_report(schedule, table_size=4)
    assert report["max_meetings"] == 1
    assert len(report["pair_counts"]) == n_rounds * n_players // 4 * 6


@pytest.mark.parametrize("n_players, n_rounds, max_meetings", [(16, 7, 2), (16, 10, 2), (28, 20, 3), (4, 5, 5)])
def test_more_rounds_than_the_full_schedule_keep_every_pair_within_one_meeting_of_every_other(
    n_players, n_rounds, max_meetings
):
    report = meeting_report(round_robin(n_players, n_rounds, table_size=4), table_size=4)
    assert report["never_met"] == []
    assert report["max_meetings"] == max_meetings
    assert min(report["pair_counts"].values()) >= max_meetings - 1
