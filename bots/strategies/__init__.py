"""Built-in bot strategies (docs/architecture.md §3.6): pure functions of one seat's view, no Django.

A strategy is called as ``strategy(view, rng)`` with ``view = state.view(seat)`` for the seat to
act and a ``random.Random``; it returns an entry of ``view["legal_actions"]`` (the very object).
It sees what that seat may see and nothing else: never the state, never another seat's cards.

- ``random``: any legal action, uniformly;
- ``heuristic``: hand-written rules for every decision of the game;
- ``montecarlo``: samples the unseen cards consistently with what the seat has seen and plays
  each candidate out with the engine; otherwise as the heuristic.

Each name is played by a family of strategies, and each family says which rulesets it plays:
the trick games' family here (the games of the engine's trick-game state machine,
``games.engine.state.GameState``, whose phases it knows), and one family per subpackage, found
by convention: every package under ``bots/strategies/`` holding ``PLAYS`` (the rulesets it
plays), ``STRATEGIES`` (by name) and ``MonteCarlo`` (its search, whose budget a caller may set),
like the shedding games' ``corners/``. A game defined elsewhere adds its own family with
``register_family``. ``choose_action`` picks the family of the view's ruleset.
"""

import importlib
import pkgutil
import random

from games.engine import RULESETS
from games.engine.state import GameState

from . import heuristic, random_bot
from .montecarlo import Budget, MonteCarlo

STRATEGIES = {
    "random": random_bot.choose,
    "heuristic": heuristic.choose,
    "montecarlo": MonteCarlo(),
}
NAMES = tuple(sorted(STRATEGIES))  # the strategies by name, as the API lists them (one enum in its schema)
# The rulesets the trick games' strategies play: the games whose phases they know.
PLAYS = frozenset(name for name, game in RULESETS.items() if issubclass(game.state_class, GameState))

# (rulesets played, strategies by name, the Monte Carlo class whose budget a caller may set)
FAMILIES = [(PLAYS, STRATEGIES, MonteCarlo)]


def register_family(plays, strategies, search):
    """Add a family of strategies for the rulesets ``plays`` (a game plugged in from outside
    the package); returns the entry, for ``unregister_family``."""
    family = (frozenset(plays), dict(strategies), search)
    FAMILIES.append(family)
    return family


def unregister_family(family):
    FAMILIES.remove(family)


def _register_subpackages():
    """Every subpackage is a family by convention (``PLAYS``, ``STRATEGIES``, ``MonteCarlo``)."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda info: info.name):
        if info.ispkg:
            package = importlib.import_module(f"{__name__}.{info.name}")
            register_family(package.PLAYS, package.STRATEGIES, package.MonteCarlo)


_register_subpackages()


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


__all__ = [
    "FAMILIES",
    "PLAYS",
    "STRATEGIES",
    "Budget",
    "MonteCarlo",
    "choose_action",
    "register_family",
    "strategies_for",
    "unregister_family",
]
