"""The heuristic strategy: hand-written rules for every decision of both games, on the view alone.

Card play is in ``play``, everything before the first card in ``bidding``. It is deterministic:
the ``rng`` of the strategy interface is accepted and not needed.
"""

from games.engine.state import PLAY

from . import bidding
from .play import Turn, choose_card


def choose(view, rng=None):
    legal = view["legal_actions"]
    if len(legal) == 1:
        return legal[0]
    if view["phase"] != PLAY:
        return bidding.decide(view)
    slam = bidding.find(legal, "declare_slam")
    if slam is not None and bidding.slam_is_likely(view):
        return slam
    return play_action(view, choose_card(Turn.from_view(view)))


def play_action(view, card):
    """The entry of the view's legal actions that plays ``card``."""
    return bidding.find(view["legal_actions"], "play", card=card)
