"""docs/architecture.md §3.2a, §3.5: hidden information belongs to the ruleset. redact.py hides exactly the event
types the descriptor's ``private_events`` names: a dealt hand to every seat but its own, the stock
to everyone, a drawn card to everyone but its drawer; all of it revealed (to viewers with the
right) once the hand is over."""

import dataclasses

import pytest

from games.engine import RULESETS, new_game
from games.engine.redact import redact_events

from .helpers import events_of, game, play

CORNERS_RULESETS = [name for name, game in RULESETS.items() if not game.trick_taking]


def seeded(ruleset):
    state = new_game(ruleset, seed=11, options={"players": 3})
    state.apply({"type": "end_turn"})  # the first player draws a card
    return state


@pytest.mark.parametrize("ruleset", CORNERS_RULESETS)
def test_the_descriptor_names_dealt_hands_and_drawn_cards_private(ruleset):
    assert {"deal_started", "card_drawn"} <= set(RULESETS[ruleset].private_events)


@pytest.mark.parametrize("ruleset", CORNERS_RULESETS)
def test_a_dealt_hand_is_its_seats_and_the_stock_nobodys(ruleset):
    state = seeded(ruleset)
    dealt = events_of(state, "deal_started")[0]
    for viewer in (None, 0, 1, 2):
        ev = next(e for e in redact_events(state.events, viewer, reveal_finished=True) if e["type"] == "deal_started")
        assert ev["hands"] == [h if s == viewer else None for s, h in enumerate(dealt["hands"])]
        assert ev["stock"] is None
        assert ev["layout"] == dealt["layout"]  # the layout is turned up: public


@pytest.mark.parametrize("ruleset", CORNERS_RULESETS)
def test_a_drawn_card_is_shown_to_its_drawer_only(ruleset):
    state = seeded(ruleset)
    drawn = events_of(state, "card_drawn")[0]
    for viewer in (None, 0, 1, 2):
        ev = next(e for e in redact_events(state.events, viewer) if e["type"] == "card_drawn")
        assert ev == {**drawn, "card": drawn["card"] if viewer == drawn["seat"] else None}


def events_of_log(log, kind):
    return [e for e in log if e["type"] == kind]


def test_a_drawn_card_is_revealed_when_the_hand_is_over_to_viewers_with_the_right():
    state = game([["5H", "2C"], ["KD", "7D", "4S"]], layout={"N": "6S", "E": "3D"}, stock=["QC"], players=2, dealer=1)
    play(state, "5H>N", "end")  # seat 0 draws QC
    assert events_of_log(redact_events(state.events, 1, reveal_finished=True), "card_drawn")[0]["card"] is None
    play(state, "KD>NE", "end", "2C>E", "QC>NE")  # seat 0 goes out on the king seat 1 cornered
    assert state.deals[0]["winner"] == 0
    for viewer in (None, 1):
        with_right = events_of_log(redact_events(state.events, viewer, reveal_finished=True), "card_drawn")
        without = events_of_log(redact_events(state.events, viewer, reveal_finished=False), "card_drawn")
        assert with_right[0]["card"] == "QC"
        assert without[0]["card"] is None


def test_redaction_follows_the_descriptor_not_a_list_of_its_own(monkeypatch):
    state = seeded(CORNERS_RULESETS[0])
    drawn = events_of(state, "card_drawn")[0]
    other = (drawn["seat"] + 1) % state.num_seats
    game = RULESETS[state.ruleset]
    public_draws = dataclasses.replace(
        game,
        private_events={e: hide for e, hide in game.private_events.items() if e != "card_drawn"},
        public_events=(*game.public_events, "card_drawn"),
    )
    monkeypatch.setitem(RULESETS, state.ruleset, public_draws)
    ev = events_of_log(redact_events(state.events, other), "card_drawn")[0]
    assert ev["card"] == drawn["card"]  # a ruleset that declares draws public shows them
    undeclared = dataclasses.replace(game, private_events=public_draws.private_events)
    monkeypatch.setitem(RULESETS, state.ruleset, undeclared)
    ev = events_of_log(redact_events(state.events, drawn["seat"], reveal_finished=True), "card_drawn")[0]
    assert ev == {"type": "card_drawn"}  # declared neither way: withheld, even from its drawer
