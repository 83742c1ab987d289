"""The stream carries other facts than standings need: events of unknown types, or with no
type at all, change nothing."""

from tests.fixtures.tournament_events import created
from tournaments.standings import empty, fold, rebuild

CREATED = created("swiss", rated=True)


def test_unknown_events_leave_the_standings_as_they_were():
    standings = rebuild([CREATED])

    for unknown in [{"type": "chat_message", "text": "gg"}, {"type": "deal_played", "seats": [1]}, {"no": "type"}]:
        assert fold(standings, unknown) == standings


def test_unknown_events_are_ignored_even_before_the_tournament_exists():
    assert fold(empty(), {"type": "lobby_opened"}) == empty()
