"""Under "place", a match hands out 3 + 2 + 1 + 0 = 6 table points whatever the ties, so a
tie never creates or destroys points."""

from hypothesis import given
from hypothesis import strategies as st

from tournaments.standings import points_at_table

SCORES_WITH_MANY_TIES = st.lists(st.integers(-2, 2), min_size=4, max_size=4)


@given(SCORES_WITH_MANY_TIES)
def test_the_table_points_of_a_match_add_up_to_six(scores):
    assert sum(points_at_table(scores, "place")) == 6


@given(SCORES_WITH_MANY_TIES)
def test_a_higher_game_score_never_earns_fewer_table_points(scores):
    points = points_at_table(scores, "place")
    for mine, my_points in zip(scores, points):
        for theirs, their_points in zip(scores, points):
            if mine > theirs:
                assert my_points > their_points
