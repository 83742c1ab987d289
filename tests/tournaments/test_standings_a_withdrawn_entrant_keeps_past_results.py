"""Withdrawing stops an entrant being drawn, not what it already played: its results stay, it
keeps its place in the standings, and the row says it withdrew."""

from tests.fixtures.tournament_events import one_table, round_closed, withdrawn
from tournaments.standings import ranking, rebuild, standings_csv

EVENTS = [*one_table([40, 30, 20, 10], ruleset="rifki"), round_closed(1), withdrawn(1)]


def test_the_withdrawn_leader_stays_first_with_a_flag():
    leader = ranking(rebuild(EVENTS))[0]

    assert (leader.entrant, leader.rank, leader.withdrawn) == (1, 1, True)
    assert (leader.matches, leader.table_points, leader.game_score) == (1, 3, 40)


def test_the_csv_says_who_withdrew():
    lines = standings_csv(ranking(rebuild(EVENTS))).splitlines()

    assert lines[1].endswith(",yes")
    assert all(line.endswith(",no") for line in lines[2:])
