"""What winning a trick is worth in the hand in play, as a card player weighs it.

Every contract of both games reduces to three numbers and a trump: points per trick (positive
in trump and up hands, negative in no_tricks and down hands), extra points for tricks 12 and 13
(no_last_two, negative), and what each penalty card costs whoever takes it. The unit values are
the engine's own.
"""

from dataclasses import dataclass, field

from games.engine import king
from games.engine.king import DOWN_VALUE, KING_UNITS, POSITIVE, UP_VALUE
from games.engine.rifki import RIFKI_UNITS, TRUMP, TRUMP_TRICK
from games.engine.scoring import PENALTY_CARDS

LAST_TWO = (11, 12)  # indexes of tricks 12 and 13


@dataclass(frozen=True)
class Contract:
    """The hand in play as three numbers and a trump (see the module docstring)."""

    trump: str | None = None
    trick_points: int = 0
    last_two_points: int = 0
    card_costs: dict = field(default_factory=dict)  # penalty card -> points lost by taking it

    @property
    def wants_tricks(self):
        return self.trick_points > 0

    def trick_cost(self, index):
        """What winning trick ``index`` (0-12) costs, before counting the cards in it."""
        return -self.trick_points - (self.last_two_points if index in LAST_TWO else 0)

    def card_cost(self, card):
        """What taking ``card`` in a trick costs (0 for a card that is no penalty)."""
        return self.card_costs.get(card, 0)


def negative_contract(parts, units):
    """A negative contract (or a King combination of two) from its parts and the ruleset's units."""
    trick_points = last_two_points = 0
    card_costs: dict = {}
    for part in parts:
        if part == "no_tricks":
            trick_points += units[part]
        elif part == "no_last_two":
            last_two_points += units[part]
        else:
            for card in PENALTY_CARDS[part]:
                card_costs[card] = card_costs.get(card, 0) - units[part]
    return Contract(None, trick_points, last_two_points, card_costs)


def contract_from_view(view):
    """The contract of the deal in play, from a view whose contract is settled."""
    c = view["table"]["contract"]
    if view["ruleset"] == king.KingState.ruleset:
        if c["name"] != POSITIVE:
            return negative_contract(c["parts"], KING_UNITS)
        if c["mode"] == "up":
            return Contract(c["trump"], UP_VALUE)
        return Contract(None, -DOWN_VALUE)  # down: 325 - 75 per trick won
    if c["name"] == TRUMP:
        return Contract(c["trump"], TRUMP_TRICK)
    return negative_contract([c["name"]], RIFKI_UNITS)
