"""Every bad input to the seating functions raises ValueError with a message naming what was
wrong, so a caller can show it to the organiser as is."""

import pytest

from tournaments.seating import (
    comparison_groups,
    duplicate_schedule,
    full_round_robin_rounds,
    house_bots_needed,
    meeting_report,
    round_robin,
    seat_counts,
    swiss_round,
    with_byes,
)

FOUR = ["ann", "bob", "cem", "dia"]


def refused(match, function, *args, **kwargs):
    with pytest.raises(ValueError, match=match):
        function(*args, **kwargs)


@pytest.mark.parametrize(
    "n_players, match",
    [
        (18, "multiple of 4.*got 18: add 2 house bot"),
        (5, "multiple of 4"),
        (3, "at least 4"),
        (0, "at least 4"),
        (-4, "at least 4"),
        (16.0, "whole number"),
        ("16", "whole number"),
        (True, "whole number"),
        (None, "whole number"),
    ],
)
def test_a_player_count_that_does_not_fill_whole_tables_is_refused(n_players, match):
    refused(f"n_players.*{match}", round_robin, n_players, table_size=4)
    refused("n_players", full_round_robin_rounds, n_players, table_size=4)
    refused("n_players", duplicate_schedule, n_players, 4, table_size=4)


@pytest.mark.parametrize(
    "n_rounds, match",
    [(0, "at least 1"), (-3, "at least 1"), (2.5, "whole number"), ("5", "whole number"), (False, "whole number")],
)
def test_a_round_count_below_one_or_not_whole_is_refused(n_rounds, match):
    refused(f"n_rounds must be .*{match}", round_robin, 16, n_rounds, table_size=4)


@pytest.mark.parametrize(
    "schedule, match",
    [
        ("abcd", "list of rounds"),
        (None, "list of rounds"),
        ({0: [(0, 1, 2, 3)]}, "list of rounds"),
        ([5], "round 0 must be a list of tables"),
        ([[(0, 1, 2)]], "round 0 has a table of 3 players"),
        ([[(0, 1, 2, 3, 4)]], "table of 5 players"),
        ([[(0, 1, 2, 3)], [(0, 1, 2, 3), (3, 4, 5, 6)]], "player 3 has two seats in round 1"),
        ([[(0, 0, 1, 2)]], "player 0 has two seats in round 0"),
        ([[7]], "not a list of players"),
        ([[([1], 2, 3, 4)]], "hashable"),
    ],
)
def test_a_malformed_schedule_is_refused(schedule, match):
    refused(match, meeting_report, schedule, table_size=4)
    refused(match, seat_counts, schedule, table_size=4)
    if not isinstance(schedule, dict):  # a mapping is a meeting counter to swiss_round
        refused(f"history.*{match}", swiss_round, FOUR, schedule, table_size=4)


@pytest.mark.parametrize(
    "standing, match",
    [
        (["ann", "bob", "cem"], "positive multiple of 4 players, got 3"),
        ([], "positive multiple of 4 players, got 0"),
        (["ann", "bob", "ann", "cem", "bob", "dia", "eda", "fay"], r"more than once: \['ann', 'bob'\]"),
        ([["ann"], "bob", "cem", "dia"], "hashable"),
        ("abcd", "list of player ids"),
        (None, "list of player ids"),
    ],
)
def test_a_bad_standing_is_refused(standing, match):
    refused(f"standing_order.*{match}", swiss_round, standing, table_size=4)


@pytest.mark.parametrize(
    "history, match",
    [
        ({("ann",): 1}, "a pair must be two players"),
        ({"ab": 1}, "a pair must be two players"),
        ({("ann", "ann"): 1}, "two different players"),
        ({("ann", "bob"): -1}, "at least 0"),
        ({("ann", "bob"): 1.5}, "whole number"),
    ],
)
def test_a_bad_meeting_counter_is_refused(history, match):
    refused(f"history.*{match}", swiss_round, FOUR, history, table_size=4)


@pytest.mark.parametrize(
    "seat_history, match",
    [
        ([(1, 0, 0, 0)], "must map each player"),
        ({"ann": (1, 0, 0)}, "must have 4 seat counts"),
        ({"ann": "1000"}, "must have 4 seat counts"),
        ({"ann": None}, "must have 4 seat counts"),
        ({"ann": (1, 0, -1, 0)}, "at least 0"),
        ({"ann": (1, 0, 0.5, 0)}, "whole number"),
    ],
)
def test_a_bad_seat_history_is_refused(seat_history, match):
    refused(f"seat_history.*{match}", swiss_round, FOUR, [], seat_history, table_size=4)


@pytest.mark.parametrize(
    "players, round_no, bye_history, match",
    [
        (["ann", "bob", "cem"], 1, {}, "players must hold at least 4 players"),
        (["ann", "bob", "cem", "dia", "ann"], 1, {}, r"players lists these players more than once: \['ann'\]"),
        (FOUR, 0, {}, "round_no must be at least 1"),
        (FOUR, 1.0, {}, "round_no must be a whole number"),
        (FOUR, 2, [["ann"]], "bye_history must map each player"),
        (FOUR, 2, None, "bye_history must map each player"),
        (FOUR, 2, {"ann": 1}, "must have a list of round numbers"),
        (FOUR, 2, {"ann": [2]}, "bye in round 2, which is not before round 2"),
        (FOUR, 3, {"ann": [0]}, "at least 1"),
        (FOUR, 3, {"ann": [1, 1]}, "lists a round more than once"),
    ],
)
def test_bad_bye_input_is_refused(players, round_no, bye_history, match):
    refused(match, with_byes, players, round_no, bye_history, table_size=4)


@pytest.mark.parametrize(
    "table_size, match",
    [(1, "at least 2"), (0, "at least 2"), (4.0, "whole number"), ("4", "whole number"), (None, "whole number")],
)
def test_a_table_size_below_two_or_not_whole_is_refused(table_size, match):
    refused(f"table_size must be .*{match}", round_robin, 8, table_size=table_size)
    refused(f"table_size must be .*{match}", swiss_round, FOUR, table_size=table_size)
    refused(f"table_size must be .*{match}", with_byes, FOUR + ["eda"], 1, {}, table_size=table_size)
    refused(f"table_size must be .*{match}", house_bots_needed, 5, table_size=table_size)
    refused(f"table_size must be .*{match}", meeting_report, [[tuple(FOUR)]], table_size=table_size)


@pytest.mark.parametrize(
    "entrants, match", [(-1, "at least 0"), (2.5, "whole number"), ("3", "whole number"), (True, "whole number")]
)
def test_a_bad_entrant_count_is_refused(entrants, match):
    refused(f"n_entrants must be .*{match}", house_bots_needed, entrants, table_size=4)


@pytest.mark.parametrize(
    "n_players, n_boards, tables_per_board, match",
    [
        (12, 0, None, "n_boards must be at least 1"),
        (12, -3, None, "n_boards must be at least 1"),
        (12, 2.0, None, "n_boards must be a whole number"),
        (12, 3, 0, "tables_per_board must be at least 1"),
        (12, 3, 2, r"divide the 3 tables evenly, got 2; choose one of \[1, 3\]"),
        (12, 3, 4, "divide the 3 tables"),
        (24, 5, 3, "n_boards must be a multiple of the 2 boards played each round"),
    ],
)
def test_a_duplicate_event_that_would_leave_tables_idle_or_uneven_is_refused(
    n_players, n_boards, tables_per_board, match
):
    refused(match, duplicate_schedule, n_players, n_boards, tables_per_board, table_size=4)


@pytest.mark.parametrize(
    "schedule, match",
    [
        ("boards", "list of rounds"),
        ([7], "round 0 must be a list of"),
        ([[(1,)]], "not a \\(board, table\\) pair"),
        ([[(1, ("a", "b", "c"))]], "table of 3 players"),
        ([[([1], ("a", "b", "c", "d"))]], "hashable"),
        ([[(1, ("a", "b", "c", "d")), (2, ("e", "f", "g", "a"))]], "player 'a' has two seats in round 0"),
    ],
)
def test_a_malformed_duplicate_schedule_is_refused(schedule, match):
    refused(match, comparison_groups, schedule, table_size=4)
