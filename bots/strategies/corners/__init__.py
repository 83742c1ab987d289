"""Built-in strategies for Kings in the Corner (docs/architecture.md §3.2b, §3.6): pure Python, no Django.

Each is called like the trick games' strategies, ``strategy(view, rng)``, with ``view =
state.view(seat)`` for the seat to act; it returns an entry of ``view["legal_actions"]`` (the
very object). A turn is many decisions: each call makes one. They play every ruleset whose
descriptor is not trick-taking (``RULESETS[name].policies`` names them), at any table size,
reading the rules they need from the view.

- ``random``: any legal action, uniformly;
- ``heuristic``: kings to corners, piles moved to open base spaces, dearest cards shed first,
  ends the turn (drawing) when nothing is left to play;
- ``montecarlo``: samples the unseen cards and plays each candidate action out
  (``MonteCarlo(Budget(...))`` sets how hard it searches).
"""

from games.engine.corners import CornersJaxState, CornersState

from . import heuristic, random_bot
from .montecarlo import Budget, MonteCarlo

# The rulesets these strategies play: the shedding games, at any table size.
PLAYS = frozenset({CornersState.ruleset, CornersJaxState.ruleset})

STRATEGIES = {
    "random": random_bot.choose,
    "heuristic": heuristic.choose,
    "montecarlo": MonteCarlo(),
}

__all__ = ["PLAYS", "STRATEGIES", "Budget", "MonteCarlo"]
