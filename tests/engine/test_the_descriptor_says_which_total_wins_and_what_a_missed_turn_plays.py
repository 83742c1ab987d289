"""The ruleset descriptor answers what the platform must not guess (docs/architecture.md §3.2a): whether the
lowest total wins a game with given options (Kings in the Corner's penalty scorings) or the
highest, agreeing with the engine's own ``game_ended`` winners; and the move a missed turn gets
(a bot's fault, a person's timeout): the end of the turn in Kings in the Corner, the first legal
action in the trick games. Each ruleset also has a short game its options accept."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import RULESETS, new_game
from games.engine.playout import play_out

from .corners.random_games import corners_options, jax_options


@pytest.mark.parametrize(
    ("ruleset", "options", "lowest"),
    [
        ("corners", {}, True),
        ("corners", {"scoring": "pips_a25"}, True),
        ("corners", {"scoring": "chips_pot"}, False),
        ("corners", {"pool_variant": True}, False),
        ("corners_jax", {}, False),
        *[(name, {}, False) for name, game in RULESETS.items() if game.trick_taking],
    ],
)
def test_the_descriptor_says_whether_the_lowest_total_wins(ruleset, options, lowest):
    assert RULESETS[ruleset].lowest_wins(options) is lowest


@given(st.one_of(corners_options(), jax_options()), st.integers(0, 2**32))
def test_the_engines_winners_have_the_best_total_the_descriptor_names(spec, seed):
    ruleset, options = spec
    options = {**options, "game_length": "fixed_hands", "fixed_hands": 1} if ruleset == "corners" else options
    state = play_out(ruleset, seed, bots="heuristic", options=options)
    scores = state.view(None)["scores"]
    best = min(scores) if RULESETS[ruleset].lowest_wins(options) else max(scores)
    assert state.view(None)["winners"] == [seat for seat, total in enumerate(scores) if total == best]


def test_a_missed_turn_in_kings_in_the_corner_ends_the_turn_and_elsewhere_plays_the_first_legal_action():
    for name, game in RULESETS.items():
        state = new_game(name, seed=b"fallback" * 4)
        legal = state.legal_actions()
        expected = next((a for a in legal if a["type"] == "end_turn"), legal[0]) if not game.trick_taking else legal[0]
        assert game.fallback(legal) == expected
        if not game.trick_taking:
            assert expected["type"] == "end_turn" and legal[0]["type"] != "end_turn"


def test_only_the_first_legal_action_is_left_when_no_preferred_type_is_legal():
    corners = RULESETS["corners"]
    legal = [{"type": "draw"}]
    assert corners.fallback(legal) == {"type": "draw"}


@pytest.mark.parametrize("name", list(RULESETS))
def test_every_ruleset_has_a_short_game_its_options_accept(name):
    game = RULESETS[name]
    assert game.short_game and game.short_game_help
    resolved = game.resolve_options(game.short_game)
    assert all(resolved[flag] == value for flag, value in game.short_game.items())
