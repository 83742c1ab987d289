"""A match that cannot be rated, or a leaderboard missing a player's name, raises a ValueError
that says why."""

import math

import pytest

from tournaments.ratings import Rating, leaderboard, rate_match

BAD_MATCHES = {
    "more scores than seats": (["a", "b", "c"], [3, 2, 1, 0], "a score for each"),
    "fewer scores than seats": (["a", "b", "c", "d"], [3, 2, 1], "a score for each"),
    "a table of one": (["a"], [3], "two or more seats"),
    "a player seated twice": (["a", "b", "c", "a"], [3, 2, 1, 0], "seats a player twice"),
    "a score that is not a number": (["a", "b", "c", "d"], [3, 2, "1", 0], "finite numbers"),
    "a score that is not finite": (["a", "b", "c", "d"], [3, 2, math.inf, 0], "finite numbers"),
}


@pytest.mark.parametrize(("seats", "scores", "message"), BAD_MATCHES.values(), ids=BAD_MATCHES.keys())
def test_a_bad_match_is_refused(seats, scores, message):
    with pytest.raises(ValueError, match=message):
        rate_match({}, seats, scores)


def test_a_leaderboard_needs_every_rated_players_name_and_kind():
    with pytest.raises(ValueError, match="'ghost' has no name or kind"):
        leaderboard({"ghost": Rating(25, 8)}, {}, {"ghost": "user"})
