"""High card's built-in players, a family of strategies as ``bots.strategies`` takes one
(``PLAYS``, ``STRATEGIES``, ``MonteCarlo``): each returns an entry of the view's legal actions."""

from .highcard import NAME, rank

PLAYS = frozenset({NAME})


def random_choice(view, rng):
    return rng.choice(view["legal_actions"])


def heuristic(view, rng):
    """Show a ten or better, fold anything lower."""
    wanted = "show" if rank(view["hand"][0]) >= rank("TS") else "fold"
    return next(a for a in view["legal_actions"] if a["type"] == wanted)


class MonteCarlo:
    """No search to budget in a game of one decision: it plays as the heuristic."""

    def __init__(self, budget=None):
        self.budget = budget

    def __call__(self, view, rng):
        return heuristic(view, rng)


STRATEGIES = {"random": random_choice, "heuristic": heuristic, "montecarlo": MonteCarlo()}
