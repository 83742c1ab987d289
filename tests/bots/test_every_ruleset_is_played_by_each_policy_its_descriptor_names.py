"""Each ruleset's descriptor names the built-in policies that play it and the one that takes over
a failing bot's seat; the strategy families say which rulesets they play. For every ruleset of
the engine, each named policy answers a real view of every phase it meets with one of the view's
legal actions, at every table size the ruleset has."""

import random

import pytest

from bots.strategies import FAMILIES, choose_action, strategies_for
from games.engine import RULESETS, new_game

CASES = [
    (name, policy, seats)
    for name, game in RULESETS.items()
    for policy in game.policies
    for seats in sorted({game.seats.start, game.default_seats, game.seats.stop - 1})
]


def test_every_ruleset_is_played_by_exactly_one_family_that_has_its_policies():
    for name, game in RULESETS.items():
        families = [strategies for plays, strategies, _ in FAMILIES if name in plays]
        assert len(families) == 1, name
        assert set(game.policies) | {game.takeover_policy} <= set(families[0]) == set(strategies_for(name))


@pytest.mark.parametrize("ruleset, policy, seats", CASES)
def test_the_policy_answers_with_a_legal_action_until_some_actions_into_the_game(ruleset, policy, seats):
    game = RULESETS[ruleset]
    options = {"players": seats} if len(game.seats) > 1 else {}
    state = new_game(ruleset, seed=f"{ruleset}-{policy}-{seats}".encode(), options=options)
    rng = random.Random(7)
    for _ in range(40 if policy == "montecarlo" else 200):
        if state.is_over:
            break
        view = state.view(state.to_act)
        action = choose_action(policy, view, rng)
        assert action in view["legal_actions"]
        state.apply(action)
    assert state.deal_no >= 1


def test_a_ruleset_no_family_plays_is_refused_with_a_clear_error():
    with pytest.raises(ValueError, match="no built-in strategy plays 'whist'"):
        choose_action("random", {"ruleset": "whist", "legal_actions": []})
