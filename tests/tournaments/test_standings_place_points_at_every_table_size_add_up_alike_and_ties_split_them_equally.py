"""Place points at a table of 2 to 6, whichever score wins: the best seat earns n−1 and the
worst 0, a match hands out n(n−1)/2 points whatever the scores, tied seats share the places
they span equally, a better score never earns fewer points, and a bye is worth a seat's
average."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.standings import bye_table_points, place_points, points_at_table

tables = st.integers(2, 6).flatmap(lambda n: st.lists(st.integers(-10, 10), min_size=n, max_size=n))


@settings(deadline=None)
@given(scores=tables, lowest_wins=st.booleans())
def test_a_match_hands_out_n_times_n_minus_one_over_two_points(scores, lowest_wins):
    n = len(scores)
    assert sum(points_at_table(scores, "place", lowest_wins)) == n * (n - 1) / 2 == sum(place_points(n))


@settings(deadline=None)
@given(scores=tables, lowest_wins=st.booleans())
def test_tied_seats_get_equal_points_and_a_better_score_never_gets_fewer(scores, lowest_wins):
    points = points_at_table(scores, "place", lowest_wins)
    for a, score_a in enumerate(scores):
        for b, score_b in enumerate(scores):
            if score_a == score_b:
                assert points[a] == points[b]
            better = score_a < score_b if lowest_wins else score_a > score_b
            if better:
                assert points[a] > points[b]


@settings(deadline=None)
@given(n=st.integers(2, 6), lowest_wins=st.booleans())
def test_distinct_scores_earn_n_minus_one_down_to_zero_in_the_winning_direction(n, lowest_wins):
    scores = list(range(n))  # seat 0 lowest
    points = points_at_table(scores, "place", lowest_wins)
    expected = list(range(n - 1, -1, -1)) if lowest_wins else list(range(n))
    assert list(points) == expected


@settings(deadline=None)
@given(n=st.integers(2, 6), score=st.integers(-10, 10), lowest_wins=st.booleans())
def test_an_all_level_table_gives_everyone_the_average_which_is_what_a_bye_is_worth(n, score, lowest_wins):
    points = points_at_table([score] * n, "place", lowest_wins)
    assert set(points) == {(n - 1) / 2} == {bye_table_points("place", n)}
    assert bye_table_points("score", n) == 0
