"""At every table size a game is played at (2 to 6), the seating completes tables with house
bots or byes, and a round robin meets everyone exactly once where such a schedule exists (pairs
at tables of two, Kirkman's schoolgirls at three, the affine planes at three and five, the
designs at four), seats balanced; where none can exist (36 at tables of six: Euler's officers)
no pair meets more than twice."""

import pytest

from tournaments.seating import house_bots_needed, meeting_report, round_robin, seat_counts, with_byes

SIZES = range(2, 7)


@pytest.mark.parametrize("size", SIZES)
def test_house_bots_or_byes_complete_whole_tables(size):
    for entrants in range(size, 4 * size):
        bots = house_bots_needed(entrants, table_size=size)
        assert 0 <= bots < size and (entrants + bots) % size == 0
        playing, out = with_byes(list(range(entrants)), 1, {}, table_size=size)
        assert (
            len(playing) % size == 0 and len(out) == entrants % size and sorted(playing + out) == list(range(entrants))
        )


@pytest.mark.parametrize("size, players", [(2, 8), (2, 10), (3, 9), (3, 15), (4, 16), (5, 25)])
def test_a_round_robin_meets_everyone_exactly_once_with_seats_balanced(size, players):
    schedule = round_robin(players, table_size=size)
    report = meeting_report(schedule, table_size=size)
    assert report["max_meetings"] == 1 and report["never_met"] == [] and report["repeated_pairs"] == []
    assert len(schedule) == (players - 1) // (size - 1)
    for counts in seat_counts(schedule, table_size=size).values():
        assert max(counts) - min(counts) <= 1


def test_where_no_exact_schedule_exists_no_pair_meets_more_than_twice():
    report = meeting_report(round_robin(36, table_size=6), table_size=6)
    assert report["max_meetings"] == 2
