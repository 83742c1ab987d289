"""The contract every game keeps to be played by the platform (OpenSpiel's one test over every
game): each registered ruleset, the engine's and the plugged-in high card alike, has a complete
descriptor, declares every event type it logs public or private, gives its decisions words and
its refusals sentences, and each of its strategies plays a whole game, every decision of it."""

import random
import re
import sys
from pathlib import Path

import pytest
from django.utils import translation

from bots.strategies import choose_action, strategies_for
from games import refusals
from games.engine import RULESETS, EngineError, new_game
from games.templatetags.cards import action_label

from .highcard import NAME

GAMES = sorted({*RULESETS, NAME})
LAYOUTS = ("tricks", "piles")


def played(name, policy, seed=3):
    """A whole short game of ``name``, every decision taken by ``policy`` on the seat's view."""
    game = RULESETS[name]
    state = new_game(name, seed=seed, options=dict(game.short_game or {}))
    rng, decisions = random.Random(seed), []
    while not state.is_over:
        view = state.view(state.to_act)
        action = choose_action(policy, view, rng)
        assert action in view["legal_actions"]
        decisions.append((view, action))
        state.apply(action)
    return state, decisions


@pytest.mark.parametrize("name", GAMES)
def test_the_descriptor_is_complete(highcard, name):
    game = RULESETS[name]
    assert game.name == name and game.label and game.summary and game.layout in LAYOUTS
    assert game.default_seats in game.seats and game.sheet_role in game.roles
    assert game.takeover_policy in game.policies and set(game.policies) <= set(strategies_for(name))
    for flag in game.flags.values():
        assert flag.label and flag.doc
        assert set(flag.choices or ()) <= set(flag.choice_labels)
    assert game.resolve_options(game.short_game) == {**game.flag_defaults(), **(game.short_game or {})}


@pytest.mark.parametrize("name", GAMES)
def test_every_logged_event_type_is_declared_and_every_private_one_has_its_hider(highcard, name):
    game = RULESETS[name]
    state, _ = played(name, game.takeover_policy)
    assert {event["type"] for event in state.events} <= game.event_types
    assert all(callable(hide) for hide in game.private_events.values())
    assert not set(game.private_events) & set(game.public_events)


@pytest.mark.parametrize("name", GAMES)
def test_refusals_have_sentences_and_decisions_have_words(highcard, name):
    game = RULESETS[name]
    assert all(game.refusals.values()) and all(game.action_labels.values())
    with pytest.raises(EngineError) as refused:
        new_game(name, seed=1).apply({"type": "no_such_decision"})
    assert refusals.sentence(refused.value.code) is not None
    if game.layout != "tricks":
        return  # a game laid out in piles words its turn's buttons itself (games.pages.piles)
    _, decisions = played(name, "random")
    with translation.override(None):
        for _view, action in decisions:
            if action["type"] != "play":
                assert action_label(name, action) != action["type"], action


@pytest.mark.parametrize("name", GAMES)
def test_each_strategy_the_descriptor_names_plays_every_decision_of_a_whole_game(highcard, name):
    game = RULESETS[name]
    for policy in game.policies:
        if policy == "montecarlo":
            continue  # a search of the same decisions; its own tests time it
        state, decisions = played(name, policy)
        assert state.is_over and decisions


@pytest.mark.parametrize("name", GAMES)
def test_every_refusal_code_the_games_module_raises_has_a_sentence_for_people(highcard, name):
    # The module's source beside it: a compiled engine module's __file__ is its extension (.so).
    module = sys.modules[RULESETS[name].state_class.__module__]
    source = Path(module.__file__).with_name(module.__name__.rpartition(".")[2] + ".py")
    codes = set(re.findall(r'code="(\w+)"', source.read_text(encoding="utf-8")))
    assert codes and {code for code in codes if refusals.sentence(code) is None} == set()
