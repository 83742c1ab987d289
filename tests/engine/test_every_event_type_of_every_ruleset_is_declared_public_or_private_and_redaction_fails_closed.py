"""Redaction fails closed (issue 31): it used to show whole any event type without a hider.
Now every ruleset's descriptor declares each event type its matches may log either public or
private, every private type with its hider (declared beside the game's code), and anything
else (a type declared by nobody, or a private type without a hider) is shown as its type alone,
to every viewer."""

import dataclasses

import pytest

from games.engine import RULESETS, new_game
from games.engine.redact import redact_events
from games.engine.rulesets import PLATFORM_EVENTS

NAMES = sorted(RULESETS)


def engine_event_types(game):
    """The types the ruleset's state folds: every event its engine logs (a replay refuses others)."""
    return {name[len("_fold_") :] for name in dir(game.state_class) if name.startswith("_fold_")}


@pytest.mark.parametrize("name", NAMES)
def test_every_type_a_match_may_log_is_declared_once(name):
    game = RULESETS[name]
    assert not set(game.public_events) & set(game.private_events)
    assert game.event_types == engine_event_types(game) | set(PLATFORM_EVENTS)
    assert {game.visibility(kind) for kind in game.event_types} <= {"public", "private"}


@pytest.mark.parametrize("name", NAMES)
def test_every_private_type_has_its_hider(name):
    assert all(callable(hide) for hide in RULESETS[name].private_events.values())


def seeded(name):
    game = RULESETS[name]
    state = new_game(name, seed=7, options=dict(game.short_game or {}))
    return state, [dict(ev) for ev in state.events]


SECRET = {"type": "peek", "seat": 0, "hands": [["AS", "KS"], ["QH", "JH"]], "card": "2C"}


@pytest.mark.parametrize("name", NAMES)
def test_an_undeclared_type_is_withheld_from_every_viewer_whatever_their_rights(name):
    state, log = seeded(name)
    log.append(dict(SECRET))
    for viewer in (None, *range(state.num_seats)):
        for reveal in (False, True):
            assert redact_events(log, viewer, reveal_finished=reveal)[-1] == {"type": "peek"}


@pytest.mark.parametrize("name", NAMES)
def test_a_window_without_its_game_started_fails_closed_too(name):
    state, log = seeded(name)
    window = [*log[1:], dict(SECRET)]  # as an action's new events are redacted alone
    shown = redact_events(window, 0, reveal_finished=True)
    assert shown[-1] == {"type": "peek"}
    dealt = next(ev for ev in shown if ev["type"] == "deal_started")
    assert [hand is None for hand in dealt["hands"]] == [seat != 0 for seat in range(state.num_seats)]
    named = redact_events(window, 0, reveal_finished=True, ruleset=name)
    assert named == shown


@pytest.mark.parametrize("name", NAMES)
def test_a_private_type_without_a_hider_is_withheld(name, monkeypatch):
    state, log = seeded(name)
    game = RULESETS[name]
    monkeypatch.setitem(RULESETS, name, dataclasses.replace(game, private_events={**game.private_events, "peek": None}))
    log.append(dict(SECRET))
    assert redact_events(log, 0, reveal_finished=True)[-1] == {"type": "peek"}


@pytest.mark.parametrize("name", NAMES)
def test_a_public_type_is_shown_whole(name, monkeypatch):
    state, log = seeded(name)
    game = RULESETS[name]
    monkeypatch.setitem(RULESETS, name, dataclasses.replace(game, public_events=(*game.public_events, "peek")))
    log.append(dict(SECRET))
    assert redact_events(log, None)[-1] == SECRET
