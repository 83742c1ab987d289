"""Where the ruleset's lowest total wins (penalty points), a match is rated lowest first: at a
table of three or five the fewest points rise most and the most points fall, ties share, the
seat order does not matter, and it rates exactly as negated scores where the highest wins. A
rated tournament of such a ruleset (found through the descriptor) is rated that way too."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import RULESETS
from tests.fixtures.tournament_events import one_table
from tournaments.ratings import NEWCOMER, rate_match, rate_tournament

PLAYERS = ["ann", "bob", "cem", "dee", "eda", "fay"]


@pytest.mark.parametrize("size", (3, 5))
def test_the_fewest_points_rise_the_most_points_fall_and_the_seat_order_does_not_matter(size):
    seats, scores = PLAYERS[:size], [10 * seat for seat in range(size)]  # ann fewest, the last most
    after = rate_match({}, seats, scores, lowest_wins=True)
    assert after[seats[0]].mu > NEWCOMER.mu > after[seats[-1]].mu
    assert [after[p].mu for p in seats] == sorted((after[p].mu for p in seats), reverse=True)
    for order in ([*reversed(range(size))], [*range(1, size), 0]):
        reseated = rate_match({}, [seats[i] for i in order], [scores[i] for i in order], lowest_wins=True)
        assert reseated == after
    assert rate_match({}, seats, scores) != after  # the flag turns the order round


@pytest.mark.parametrize("size", (3, 5))
def test_tied_seats_share_the_update(size):
    scores = [0, 0] + [7] * (size - 2)
    after = rate_match({}, PLAYERS[:size], scores, lowest_wins=True)
    assert after["ann"] == after["bob"] and len({after[p] for p in PLAYERS[2:size]}) == 1
    assert after["ann"].mu > after["cem"].mu


@settings(deadline=None)
@given(size=st.sampled_from([3, 5]), data=st.data())
def test_lowest_first_rates_exactly_as_negated_scores_highest_first(size, data):
    scores = data.draw(st.lists(st.integers(-20, 20), min_size=size, max_size=size))
    seats = PLAYERS[:size]
    assert rate_match({}, seats, scores, lowest_wins=True) == rate_match({}, seats, [-s for s in scores])


@pytest.mark.parametrize("size", (3, 5))
def test_a_tournament_of_a_ruleset_whose_lowest_total_wins_is_rated_lowest_first(size):
    ruleset = next(name for name, r in RULESETS.items() if size in r.seats and r.lowest_wins({"players": size}))
    entrants = list(range(1, size + 1))
    scores = [5 * e for e in entrants]  # entrant 1 fewest points
    events = one_table(scores, ruleset=ruleset, rated=True, options={"players": size})
    book = rate_tournament({}, events)
    assert dict(book[ruleset]) == dict(rate_match({}, entrants, scores, lowest_wins=True))
    assert book[ruleset][1].mu > NEWCOMER.mu > book[ruleset][size].mu
