"""Equal game scores are a tie: two tied players who came in with equal ratings leave with equal
ratings, wherever at the table the tie falls."""

import pytest

from tournaments.ratings import Rating, rate_match

SEATS = ["ann", "bob", "cem", "dee"]


@pytest.mark.parametrize(
    ("scores", "tied"),
    [
        ([30, 30, 20, 10], ("ann", "bob")),  # tied first
        ([30, 20, 20, 10], ("bob", "cem")),  # tied second
        ([30, 20, 10, 10], ("cem", "dee")),  # tied last
        ([10, 30, 20, 10], ("ann", "dee")),  # tied last, seated apart
    ],
)
def test_tied_players_with_equal_ratings_get_equal_ratings(scores, tied):
    before = {"ann": Rating(25, 4), "bob": Rating(25, 4), "cem": Rating(25, 4), "dee": Rating(25, 4)}

    after = rate_match(before, SEATS, scores)

    assert after[tied[0]] == after[tied[1]]


def test_a_shared_result_sits_between_the_places_it_spans():
    after = rate_match({}, SEATS, [30, 20, 20, 10])

    assert after["ann"].mu > after["bob"].mu == after["cem"].mu > after["dee"].mu
