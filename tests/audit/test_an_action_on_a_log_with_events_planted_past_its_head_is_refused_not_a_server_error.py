"""An event planted past a live match's head (a damaged log) neither becomes part of the game
the next move is played on nor breaks the action endpoint: the seat's action is refused with
409 ``log_damaged`` and nothing is stored, and verify names the planted version."""

import pytest

from games.record import eventlog
from games.record.audit import verify_match
from games.service import states
from tests.audit.planting import plant
from tests.fixtures.matches import act
from tests.fixtures.people import body

pytestmark = pytest.mark.django_db


def test_an_action_after_a_planted_event_is_refused_with_409_and_nothing_is_stored(king_board_match, clients):
    match = king_board_match
    state = states.match_state(match)
    head = match.version
    planted = plant(match.stream, [{"type": "play", "seat": state.to_act, "card": state.legal_actions()[0]["card"]}])
    refused = act(clients[state.to_act], match, state.legal_actions()[0], expected_version=head)
    assert refused.status_code == 409 and body(refused)["error"]["code"] == "log_damaged"
    match.refresh_from_db()
    assert match.version == head
    assert [r.version for r in eventlog.stream_events(match.stream)] == list(range(1, head + 2))  # only the plant
    failing = [f for f in verify_match(match) if not f.ok]
    assert failing and failing[0].version == planted[0].version
