"""A Swiss round at any table size from 2 to 6 avoids repeat meetings where a swap between
neighbouring tables cannot, by a swap between tables further apart (the nearest that helps):
with s tables of s players and the standing unchanged after round 1, round 2 repeats no pair
(only neighbours swapping, at six a dozen pairs met again); over three rounds with results in
between, six tables repeat no pair at tables of two to four and one or two at five and six
(neighbours swapping alone repeated up to 4, 10 and 18)."""

import random

import pytest

from tournaments.seating import meeting_report, swiss_round


@pytest.mark.parametrize("size", range(2, 7))
def test_the_same_standing_again_meets_no_one_twice(size):
    standing = list(range(size * size))
    first = swiss_round(standing, table_size=size)
    second = swiss_round(standing, [first], table_size=size)
    assert meeting_report([first, second], table_size=size)["repeated_pairs"] == []
    # the top of the standing still plays at the top table
    assert standing[0] in second[0]


def three_rounds(size, tables, seed):
    rng = random.Random(seed)
    players = size * tables
    points = dict.fromkeys(range(players), 0)
    standing, history = list(range(players)), []
    for _ in range(3):
        drawn = swiss_round(standing, history, table_size=size)
        history.append(drawn)
        for table in drawn:
            finish = list(table)
            rng.shuffle(finish)
            for place, player in enumerate(finish):
                points[player] += size - 1 - place
        standing = sorted(points, key=lambda player: (-points[player], player))
    return len(meeting_report(history, table_size=size)["repeated_pairs"])


@pytest.mark.parametrize("size", range(2, 7))
def test_three_rounds_of_six_tables_repeat_at_most_a_pair_or_two(size):
    repeats = [three_rounds(size, 6, seed) for seed in range(10)]
    assert max(repeats) <= {2: 0, 3: 0, 4: 0, 5: 1, 6: 2}[size]
