"""A seat a house bot held at the end of a match (``taken_over``) is its holder's forfeit: the key
that held it is rated as last alone, so its mu and its ordinal fall whatever the house bot
scored, its sigma stays; the seats that played are rated among themselves on their own scores,
as if the forfeited seats had not been there; and the house's score moves nobody. The ladder
and the leaderboards of rated tournaments both rate through this one function."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.ratings import NEWCOMER, Rating, match_ratings, rate_match

SEATS = ["ann", "bob", "cem", "dee"]
priors = st.lists(st.builds(Rating, mu=st.floats(10, 40), sigma=st.floats(1, 8.4)), min_size=4, max_size=4)
scores = st.lists(st.integers(-30, 30), min_size=4, max_size=4)
taken = st.sets(st.integers(0, 3), min_size=1, max_size=4)


@given(priors, scores, taken, st.integers(-1000, 1000), st.booleans())
def test_a_forfeit_only_falls_and_the_house_score_moves_nobody(before, played, forfeits, house_score, lowest_wins):
    before = dict(zip(SEATS, before))
    after = rate_match(before, SEATS, played, lowest_wins=lowest_wins, taken_over=sorted(forfeits))
    for seat in forfeits:
        key = SEATS[seat]
        assert after[key].mu < before[key].mu and after[key].ordinal < before[key].ordinal
        assert after[key].sigma == before[key].sigma
    # The same match with any other score in a forfeited seat rates everyone alike.
    moved = [house_score if seat in forfeits else score for seat, score in enumerate(played)]
    assert rate_match(before, SEATS, moved, lowest_wins=lowest_wins, taken_over=sorted(forfeits)) == after
    # The seats that played are rated among themselves, as a table of their own.
    kept = [seat for seat in range(4) if seat not in forfeits]
    if len(kept) >= 2:
        alone = rate_match(before, [SEATS[s] for s in kept], [played[s] for s in kept], lowest_wins=lowest_wins)
        assert {SEATS[s]: after[SEATS[s]] for s in kept} == {SEATS[s]: alone[SEATS[s]] for s in kept}


def test_the_house_bots_win_in_a_taken_seat_is_still_its_holders_last_place():
    played = [10, 20, 30, 99]  # the house bot playing dee's seat finished first
    after = rate_match({}, SEATS, played, taken_over=[3])
    assert after["dee"].mu < NEWCOMER.mu and after["dee"].sigma == NEWCOMER.sigma
    # without the rule (the old reading), the house's first place was dee's
    assert rate_match({}, SEATS, played)["dee"].mu > NEWCOMER.mu
    # ann, bob and cem are rated as the table of three they were
    assert {k: after[k] for k in SEATS[:3]} == dict(rate_match({}, SEATS[:3], played[:3]))
    # where the lowest wins, the rule is the same: the forfeit is last either way
    lowest = rate_match({}, SEATS, [99, 20, 30, 0], lowest_wins=True, taken_over=[3])
    assert lowest["dee"] == after["dee"]


def test_a_seat_that_played_alone_among_forfeits_is_not_rated():
    before = {"ann": Rating(30, 4)}
    updated = match_ratings(before, SEATS, [1, 2, 3, 4], taken_over=[1, 2, 3])
    assert set(updated) == {"bob", "cem", "dee"}  # ann played, but against nobody who did
    assert rate_match(before, SEATS, [1, 2, 3, 4], taken_over=[1, 2, 3])["ann"] == Rating(30, 4)
    everyone = match_ratings({}, SEATS, [1, 2, 3, 4], taken_over=[0, 1, 2, 3])
    assert all(everyone[key].mu < NEWCOMER.mu for key in SEATS)


@given(priors, scores, taken, st.permutations(range(4)))
def test_where_the_forfeits_sat_changes_no_rating(before, played, forfeits, order):
    before = dict(zip(SEATS, before))
    as_seated = rate_match(before, SEATS, played, taken_over=sorted(forfeits))
    reseated = rate_match(
        before,
        [SEATS[seat] for seat in order],
        [played[seat] for seat in order],
        taken_over=sorted(order.index(seat) for seat in forfeits),
    )
    assert reseated == as_seated


@pytest.mark.parametrize(
    ("taken_over", "words"),
    [
        ([4], "seats 0 to 3"),
        ([-1], "seats 0 to 3"),
        ([True], "seats 0 to 3"),
        (["1"], "seats 0 to 3"),
        ([2, 2], "twice"),
    ],
)
def test_a_taken_seat_the_table_lacks_or_named_twice_is_refused(taken_over, words):
    with pytest.raises(ValueError, match=words):
        rate_match({}, SEATS, [1, 2, 3, 4], taken_over=taken_over)
