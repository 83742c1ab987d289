"""When all four seats tie, nobody beat anybody: equal ratings stay put, and unequal ones only
drift towards each other, far less than a win or a loss would move them."""

import pytest

from tournaments.ratings import NEWCOMER, Rating, rate_match

SEATS = ["ann", "bob", "cem", "dee"]


def test_equal_players_who_all_tie_keep_their_mu():
    after = rate_match({}, SEATS, [7, 7, 7, 7])

    assert [after[seat].mu for seat in SEATS] == pytest.approx([NEWCOMER.mu] * 4)


def test_a_tie_between_close_players_moves_them_less_than_a_win_would():
    before = dict(zip(SEATS, [Rating(27, 5), Rating(26, 5), Rating(24, 5), Rating(23, 5)]))
    tied = rate_match(before, SEATS, [0, 0, 0, 0])
    won = rate_match(before, SEATS, [0, 0, 0, 1])

    tie_moves = [abs(tied[seat].mu - before[seat].mu) for seat in SEATS]
    assert max(tie_moves) < 1
    assert max(tie_moves) < won["dee"].mu - before["dee"].mu
    assert tied["ann"].mu < before["ann"].mu and tied["dee"].mu > before["dee"].mu
