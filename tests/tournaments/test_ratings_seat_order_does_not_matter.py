"""Where the players sat cannot change their ratings: the same players with the same scores in
any seat order get exactly the same ratings, to the last bit."""

from hypothesis import given
from hypothesis import strategies as st

from tournaments.ratings import Rating, rate_match

SEATS = ["ann", "bob", "cem", "dee"]


@given(
    st.lists(st.builds(Rating, mu=st.floats(10, 40), sigma=st.floats(1, 8.4)), min_size=4, max_size=4),
    st.lists(st.integers(-2, 2), min_size=4, max_size=4),
    st.permutations(range(4)),
)
def test_any_seat_order_gives_the_same_ratings(priors, scores, order):
    before = dict(zip(SEATS, priors))

    as_seated = rate_match(before, SEATS, scores)
    reseated = rate_match(before, [SEATS[seat] for seat in order], [scores[seat] for seat in order])

    assert reseated == as_seated
