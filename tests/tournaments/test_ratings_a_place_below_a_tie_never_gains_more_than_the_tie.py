"""Among players who came in with equal ratings, a better place never gains less rating. This
is why the model is Bradley-Terry: OpenSkill 6.2.0's Plackett-Luce gives the third of scores
30, 30, 20, 10 as much as the two tied winners who beat it (openskill.py issue #155)."""

from hypothesis import given
from hypothesis import strategies as st

from tournaments.ratings import rate_match

SEATS = ["ann", "bob", "cem", "dee"]


def test_third_place_gains_less_than_the_two_it_lost_to():
    after = rate_match({}, SEATS, [30, 30, 20, 10])

    assert after["ann"].mu == after["bob"].mu > after["cem"].mu > after["dee"].mu


@given(st.lists(st.integers(0, 3), min_size=4, max_size=4))
def test_a_better_place_never_gains_less(scores):
    after = rate_match({}, SEATS, scores)

    for mine, me in zip(scores, SEATS):
        for theirs, them in zip(scores, SEATS):
            if mine > theirs:
                assert after[me].mu > after[them].mu
