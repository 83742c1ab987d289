"""Only a tournament created as rated moves anyone's rating."""

from tests.fixtures.tournament_events import one_table
from tournaments.ratings import rate_tournament


def tournament(rated):
    return one_table([40, 30, 20, 10], format="round_robin", table_points="score", rated=rated)


def test_an_unrated_tournament_changes_no_rating():
    assert rate_tournament({}, tournament(rated=False)) == {}


def test_a_rated_tournament_rates_its_players():
    assert set(rate_tournament({}, tournament(rated=True))["king"]) == {1, 2, 3, 4}
