"""Ratings assume no table size: a match of three or of six seats is rated like one of four
(the winner rises, the last falls, ties share, the seat order does not matter), and a
tournament at tables of six is rated from its results."""

from dataclasses import replace

import pytest

from games.engine import RULESETS
from tests.fixtures.tournament_events import one_table
from tournaments.ratings import NEWCOMER, rate_match, rate_tournament

PLAYERS = ["ann", "bob", "cem", "dee", "eda", "fay"]


@pytest.mark.parametrize("size", (3, 6))
def test_the_winner_rises_the_last_falls_and_the_seat_order_does_not_matter(size):
    seats, scores = PLAYERS[:size], list(range(size, 0, -1))
    after = rate_match({}, seats, scores)
    assert after[seats[0]].mu > NEWCOMER.mu > after[seats[-1]].mu
    assert [after[p].mu for p in seats] == sorted((after[p].mu for p in seats), reverse=True)
    for order in ([*reversed(range(size))], [*range(1, size), 0]):  # reseated: reversed, rotated
        assert rate_match({}, [seats[i] for i in order], [scores[i] for i in order]) == after


def test_tied_seats_at_a_table_of_six_get_the_same_update():
    after = rate_match({}, PLAYERS, [5, 5, 3, 3, 3, 0])
    assert after["ann"] == after["bob"] and after["cem"] == after["dee"] == after["eda"]


def test_a_tournament_at_tables_of_six_is_rated_from_its_results(monkeypatch):
    base = next(iter(RULESETS.values()))
    monkeypatch.setitem(RULESETS, "fake6", replace(base, name="fake6", seats=range(6, 7), default_seats=6))
    entrants = list(range(1, 7))
    events = one_table([60, 50, 40, 30, 20, 10], ruleset="fake6", rated=True)
    book = rate_tournament({}, events)
    assert dict(book["fake6"]) == dict(rate_match({}, entrants, [60, 50, 40, 30, 20, 10]))
