"""Where the bots sat at a ladder table (the service draws the seats at random) changes no
rating, not even in the last bit: the same results with the seats permuted fold to equal
ratings."""

import itertools

from tournaments.ladder.fold import fold, key_of


def rated(seats, scores):
    return [
        {"type": "table_seated", "match": 1, "seats": list(seats), "anchors": []},
        {"type": "match_rated", "match": 1, "seats": [key_of(b) for b in seats], "scores": list(scores)},
    ]


def test_every_seat_order_of_one_result_gives_the_same_ratings():
    result = {1: 120, 2: -40, 3: -40, 4: -40}  # bot -> its game score
    ratings = set()
    for order in itertools.permutations(result):
        ladder = fold(rated(order, [result[b] for b in order]))
        ratings.add(tuple(sorted(ladder.ratings.items())))
    assert len(ratings) == 1
    (only,) = ratings
    ranked = dict(only)
    assert ranked[key_of(1)].mu > 25 > ranked[key_of(2)].mu == ranked[key_of(3)].mu == ranked[key_of(4)].mu
