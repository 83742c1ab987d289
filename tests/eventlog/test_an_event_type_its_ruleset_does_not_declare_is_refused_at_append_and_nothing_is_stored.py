"""Redaction fails closed (issue 31): a match's log holds only event types its ruleset's
descriptor declares public or private, so that redaction always knows who may see each one.
An undeclared type is refused at append, wherever it comes from (the engine's events for an
action, a platform event, a new match), and nothing is stored: no event, no new head, no
change to the match row. The API answers such an action with its JSON 500."""

import json

import pytest

from games.engine import RULESETS
from games.models import Event, Match, StreamHead
from games.record import eventlog
from games.service import creating, hand_overs, states
from tests.fixtures.people import client_for

pytestmark = pytest.mark.django_db

PEEK = {"type": "peek", "seat": 1, "hand": ["AS", "KS", "QS"]}  # cards, declared by nobody


def stored(match):
    match.refresh_from_db()
    head = StreamHead.objects.get(stream=match.stream)
    return Event.objects.filter(stream=match.stream).count(), match.version, match.head_hash, head.version, head.seal


def test_no_ruleset_declares_the_probe():
    assert all(RULESETS[name].visibility("peek") is None for name in RULESETS)


def test_the_log_refuses_an_undeclared_type_before_writing_anything():
    with pytest.raises(eventlog.UndeclaredEvent):
        eventlog.append("match/1", 0, [{"type": "note"}, PEEK], declared={"note"})
    assert not Event.objects.exists() and not StreamHead.objects.exists()


def test_a_platform_event_of_an_undeclared_type_is_refused(king_board_match):
    before = stored(king_board_match)
    with pytest.raises(eventlog.UndeclaredEvent):
        hand_overs.do_append_platform(king_board_match.pk, "system", [PEEK])
    assert stored(king_board_match) == before


def test_an_action_whose_engine_events_hold_an_undeclared_type_is_refused(
    king_board_match,
    players,
    monkeypatch,
):
    before = stored(king_board_match)
    state = states.match_state(king_board_match)
    engine_apply = type(state).apply
    monkeypatch.setattr(type(state), "apply", lambda self, action: [*engine_apply(self, action), dict(PEEK)])
    client = client_for(players[state.to_act])
    client.raise_request_exception = False
    r = client.post(
        f"/api/v1/matches/{king_board_match.pk}/actions/",
        {"action": state.legal_actions()[0], "expected_version": king_board_match.version},
        format="json",
    )
    assert r.status_code == 500 and json.loads(r.content)["error"]["code"] == "server_error"
    monkeypatch.undo()
    assert stored(king_board_match) == before


def test_a_new_match_whose_first_events_hold_an_undeclared_type_is_refused(monkeypatch):
    ruleset = next(iter(RULESETS))
    real = creating.check_new_match

    def with_peek(*args, **kwargs):
        state = real(*args, **kwargs)
        state.events.append(dict(PEEK))
        return state

    monkeypatch.setattr(creating, "check_new_match", with_peek)
    with pytest.raises(eventlog.UndeclaredEvent):
        creating.do_create_match(ruleset, {}, None)
    assert not Match.objects.exists() and not Event.objects.exists()
