"""The seat with the best game score gains rating and the seat with the worst loses it, whatever
the ratings they brought to the table."""

from hypothesis import given
from hypothesis import strategies as st

from tournaments.ratings import NEWCOMER, Rating, rate_match

SEATS = ["ann", "bob", "cem", "dee"]
PRIOR_RATINGS = st.lists(st.builds(Rating, mu=st.floats(10, 40), sigma=st.floats(1, 8.4)), min_size=4, max_size=4)


def test_newcomers_move_apart_by_place():
    after = rate_match({}, SEATS, [40, 30, 20, 10])

    assert after["ann"].mu > after["bob"].mu > NEWCOMER.mu > after["cem"].mu > after["dee"].mu


@given(PRIOR_RATINGS, st.permutations([40, 30, 20, 10]))
def test_the_winner_gains_and_the_last_loses_whatever_their_ratings(priors, scores):
    before = dict(zip(SEATS, priors))
    after = rate_match(before, SEATS, scores)
    winner = SEATS[scores.index(40)]
    last = SEATS[scores.index(10)]

    assert after[winner].mu > before[winner].mu
    assert after[last].mu < before[last].mu
