"""Built-in bot strategies (docs/architecture.md §3.6): pure functions of one seat's view, no Django.

A strategy is called as ``strategy(view, rng)`` with ``view = state.view(seat)`` for the seat to
act and a ``random.Random``; it returns an entry of ``view["legal_actions"]`` (the very object).
It sees what that seat may see and nothing else: never the state, never another seat's cards.

- ``random``: any legal action, uniformly;
- ``heuristic``: hand-written rules for every decision of the game;
- ``montecarlo``: samples the unseen cards consistently with what the seat has seen and plays
  each candidate out with the engine; otherwise as the heuristic.

Each name is played by a family of strategies, and each family says which rulesets it plays
(``PLAYS``): the trick games' family here (King and Rifki, whose phases it knows), the shedding
game's in ``corners/``. ``choose_action`` picks the family of the view's ruleset.
"""

import random

from games.engine.king import KingState
from games.engine.rifki import RifkiState

from . import corners, heuristic, random_bot
from .montecarlo import Budget, MonteCarlo

STRATEGIES = {
    "random": random_bot.choose,
    "heuristic": heuristic.choose,
    "montecarlo": MonteCarlo(),
}
NAMES = tuple(sorted(STRATEGIES))  # the strategies by name, as the API lists them (one enum in its schema)
# The rulesets the trick games' strategies play: the games whose phases they know.
PLAYS = frozenset({KingState.ruleset, RifkiState.ruleset})

# (rulesets played, strategies by name, the Monte Carlo class whose budget a caller may set)
FAMILIES = (
    (PLAYS, STRATEGIES, MonteCarlo),
    (corners.PLAYS, corners.STRATEGIES, corners.MonteCarlo),
)


def strategies_for(ruleset):
    """The strategies, by name, that play ``ruleset`` ({} for a ruleset no family plays)."""
    return next((strategies for plays, strategies, _ in FAMILIES if ruleset in plays), {})


def choose_action(name, view, rng=None, budget=None):
    """The action strategy ``name`` takes in ``view``.

    ``rng`` makes the choice reproducible (a fresh unseeded one is used without it). ``budget``
    (a ``Budget`` of the ruleset's family) sets how hard a search strategy works; strategies that
    do not search ignore it.
    """
    family = next(((strategies, search) for plays, strategies, search in FAMILIES if view["ruleset"] in plays), None)
    if family is None:
        raise ValueError(f"no built-in strategy plays {view['ruleset']!r}")
    strategies, search = family
    if name not in strategies:
        raise ValueError(f"unknown strategy {name!r}; strategies: {', '.join(strategies)}")
    if rng is None:
        rng = random.Random()
    strategy = strategies[name]
    if budget is not None and isinstance(strategy, search):
        strategy = search(budget)
    return strategy(view, rng)


__all__ = ["FAMILIES", "PLAYS", "STRATEGIES", "Budget", "MonteCarlo", "choose_action", "strategies_for"]
