"""Entrants level on points and on every tie-break share a rank, and the next rank counts the
entrants above it: 1, 2, 2, 4."""

from tests.fixtures.tournament_events import one_table
from tournaments.standings import ranking, rebuild


def test_two_entrants_tied_on_everything_share_second_place():
    events = one_table([40, 20, 20, 10], tie_breaks=["game_score", "wins", "head_to_head"])

    ranks = [(row.entrant, row.rank) for row in ranking(rebuild(events))]

    assert ranks == [(1, 1), (2, 2), (3, 2), (4, 4)]
