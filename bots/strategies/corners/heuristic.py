"""The heuristic: hand-written rules for one decision of a Kings in the Corner turn, on the view alone.

A turn is many decisions; each call picks one action, in this order of preference:

1. a king (or a joker named as one) into an empty corner, which also spares the hidden-king
   penalty of the compulsory-kings and chip games;
2. a base pile with a king at the bottom into an empty corner, then any base pile onto another
   pile: each opens a base space that a hand card can fill;
3. a card onto a pile, dearest first (the card that would cost most if it stayed in hand), then
   the one that lets most of the hand follow it, then the highest rank (high cards have fewest
   places to go);
4. a card into an empty base space: the one that starts the longest run of the hand, then the
   dearest, then the highest;
5. end the turn, drawing (refusing the draw costs a penalty and keeps the stock's card from us
   only to hand it to the next player).

Jokers go last within each kind of play: they fit anywhere, so they are worth keeping for the
card that fits nowhere. It is deterministic: ``rng`` is accepted for the strategy interface.
"""

from games.engine.corners_rules import CORNERS, JOKERS, RANK_VALUE

from .board import Position

KING_TO_CORNER, KING_PILE_TO_CORNER, PILE_MOVE, PLAY_ON_PILE, FILL_SPACE, END_TURN, REFUSE_DRAW = 7, 6, 5, 4, 3, 1, 0


def choose(view, rng=None):
    legal = view["legal_actions"]
    if len(legal) == 1:
        return legal[0]
    position = Position.from_view(view)
    return max(legal, key=lambda action: preference(position, action))


def preference(pos, action):
    """A sortable preference for ``action``: its kind first, then how good it is of that kind."""
    kind = action["type"]
    if kind == "draw":
        return (END_TURN + 1,)  # only ever offered alone: the turn opens with it
    if kind == "end_turn":
        return (REFUSE_DRAW,) if action.get("draw") is False else (END_TURN,)
    if kind == "move":
        bottom = pos.piles[action["from"]][0]
        if action["to"] in CORNERS and not pos.piles[action["to"]]:
            return (KING_PILE_TO_CORNER, 0)
        # the longer pile moves, the more cards it shelters from nothing; any open space serves
        return (PILE_MOVE, len(pos.piles[action["from"]]), RANK_VALUE[bottom[0]])
    card = action["card"]
    shown = action.get("as", card)
    joker = card in JOKERS
    pile = action["to"]
    if pos.piles[pile]:
        return (PLAY_ON_PILE, not joker, pos.points[shown], pos.follow_ups(shown, pile), RANK_VALUE[shown[0]])
    if pile in CORNERS:  # an empty corner takes only a king
        return (KING_TO_CORNER, not joker, pos.follow_ups(shown, pile))
    return (FILL_SPACE, not joker, pos.follow_ups(shown, pile), pos.points[shown], RANK_VALUE[shown[0]])
