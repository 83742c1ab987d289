"""Rating is deterministic and pure: the same matches in the same order give the same ratings
bit for bit, and rating a match returns a new value without touching the one passed in, so a
pool can always be rebuilt from the event log."""

from functools import reduce

from tournaments.ratings import rate_match

MATCHES = [
    (["ann", "bob", "cem", "dee"], [40, 30, 20, 10]),
    (["dee", "eve", "ann", "bob"], [15, 15, 0, -5]),
    (["cem", "eve", "bob", "ann"], [7, 7, 7, 7]),
]


def rate_all(ratings, match):
    seats, scores = match
    return rate_match(ratings, seats, scores)


def test_the_same_matches_give_the_same_ratings():
    assert reduce(rate_all, MATCHES, {}) == reduce(rate_all, MATCHES, {})


def test_rating_a_match_leaves_the_ratings_passed_in_unchanged():
    before = reduce(rate_all, MATCHES[:2], {})
    snapshot = dict(before)

    rate_all(before, MATCHES[2])

    assert before == snapshot
