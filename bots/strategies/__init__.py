"""Built-in bot strategies (DESIGN.md 3.6): pure functions of one seat's view, no Django.

A strategy is called as ``strategy(view, rng)`` with ``view = state.view(seat)`` for the seat to
act and a ``random.Random``; it returns an entry of ``view["legal_actions"]`` (the very object).
It sees what that seat may see and nothing else: never the state, never another seat's cards.

- ``random``: any legal action, uniformly;
- ``heuristic``: hand-written rules for every decision of King and Rifki;
- ``montecarlo``: for card play, samples the unseen cards consistently with what the seat has
  seen and plays each candidate card out with the engine; otherwise as the heuristic.
"""
import random

from . import heuristic, random_bot
from .montecarlo import Budget, MonteCarlo

STRATEGIES = {
    "random": random_bot.choose,
    "heuristic": heuristic.choose,
    "montecarlo": MonteCarlo(),
}


def choose_action(name, view, rng=None, budget=None):
    """The action strategy ``name`` takes in ``view``.

    ``rng`` makes the choice reproducible (a fresh unseeded one is used without it). ``budget``
    (a ``Budget``) sets how hard a search strategy works; strategies that do not search ignore it.
    """
    if name not in STRATEGIES:
        raise ValueError(f"unknown strategy {name!r}; strategies: {', '.join(STRATEGIES)}")
    if rng is None:
        rng = random.Random()
    strategy = STRATEGIES[name]
    if budget is not None and isinstance(strategy, MonteCarlo):
        strategy = MonteCarlo(budget)
    return strategy(view, rng)


__all__ = ["STRATEGIES", "Budget", "MonteCarlo", "choose_action"]
