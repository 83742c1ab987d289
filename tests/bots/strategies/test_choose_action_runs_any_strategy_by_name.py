"""``choose_action`` runs a registered strategy by name, with an optional seeded rng and search
budget; unknown names and impossible budgets are refused with a clear message."""

import random
import time

import pytest

from bots.strategies import STRATEGIES, Budget, choose_action
from games.engine import new_game
from tests.engine.helpers import random_hands


def view_in_play():
    state = new_game("king", board={"dealer": 0, "hands": random_hands(random.Random(3)), "contract": "no_hearts"})
    return state.view(0)


def test_the_registry_has_the_three_built_in_strategies():
    assert set(STRATEGIES) == {"random", "heuristic", "montecarlo"}


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_each_strategy_answers_by_name_with_a_listed_action(name):
    view = view_in_play()
    assert any(choose_action(name, view, random.Random(1)) is a for a in view["legal_actions"])


def test_without_an_rng_a_strategy_still_answers():
    view = view_in_play()
    assert choose_action("random", view) in view["legal_actions"]


def test_a_budget_reaches_the_search_and_the_other_strategies_ignore_it():
    view = view_in_play()
    budget = Budget(samples=1, rollout="random")
    assert choose_action("montecarlo", view, random.Random(2), budget) in view["legal_actions"]
    assert choose_action("heuristic", view, random.Random(2), budget) == choose_action("heuristic", view)


def test_an_unknown_strategy_is_refused():
    with pytest.raises(ValueError, match="unknown strategy 'minimax'; strategies: random, heuristic, montecarlo"):
        choose_action("minimax", view_in_play())


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"samples": 0}, "samples must be a positive integer"),
        ({"samples": 2.5}, "samples must be a positive integer"),
        ({"seconds": 0}, "seconds must be a positive number"),
        ({"seconds": "1"}, "seconds must be a positive number"),
        ({"rollout": "minimax"}, "rollout must be one of heuristic, random"),
    ],
)
def test_an_impossible_budget_is_refused(fields, message):
    with pytest.raises(ValueError, match=message):
        Budget(**fields)


@pytest.mark.serial
def test_a_time_limit_stops_the_search_after_the_sample_that_runs_out_of_time():
    view = view_in_play()
    start = time.perf_counter()
    answer = choose_action("montecarlo", view, random.Random(4), Budget(samples=100_000, seconds=0.001))
    assert answer in view["legal_actions"]
    assert time.perf_counter() - start < 5  # the 100,000 samples would take many minutes
