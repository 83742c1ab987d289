"""What a Kings in the Corner seat knows, read from its view alone (docs/architecture.md §3.2a, §3.2b).

The view's envelope (``hand``, ``legal_actions``, ``num_seats``, ``hand_sizes``, ``options``) and
its ``table`` part (piles bottom first, the jokers on the table and the card each stands for,
the stock's size, the scoring) are everything a strategy may use: never the state, never a
card of another hand or of the stock.
"""

from dataclasses import dataclass

from games.engine.corners_rules import ALT_DOWN, BASE, CARD_POINTS, CORNERS, JOKERS, PACK, PILES, fits

KING = "K"


@dataclass
class Position:
    seat: int
    hand: list  # the seat's cards
    legal: list  # the view's legal actions (the very objects a strategy returns)
    piles: dict  # pile -> its cards bottom first, each as shown (a joker as the card it stands for)
    build: dict  # pile -> how it builds (corner_build / base_build)
    points: dict  # what each card costs if it stays in hand
    lower_wins: bool  # a penalty scoring (the lowest total wins) rather than chips or points

    @classmethod
    def from_view(cls, view):
        table = view["table"]
        options = view["options"]
        jokers = table.get("jokers") or {}
        piles = {p: [jokers.get(c, c) for c in table["piles"][p]] for p in PILES}
        build = {p: options.get("corner_build" if p in CORNERS else "base_build", ALT_DOWN) for p in PILES}
        return cls(
            view["seat"],
            list(view["hand"]),
            view["legal_actions"],
            piles,
            build,
            card_points(table["scoring"]),
            "penalty_points" in table,
        )

    def top(self, pile):
        cards = self.piles[pile]
        return cards[-1] if cards else None

    def empty_base(self):
        return [p for p in BASE if not self.piles[p]]

    def chain_from(self, card, cards, build):
        """How many of ``cards`` can follow ``card`` down a pile built by ``build``, one on another."""
        rest = [c for c in cards if c != card and c not in JOKERS]
        length = 0
        top = card
        while True:
            nxt = next((c for c in rest if fits(c, top, build)), None)
            if nxt is None:
                return length
            rest.remove(nxt)
            length += 1
            top = nxt

    def follow_ups(self, card, pile):
        """Hand cards that could go on ``card`` once it tops ``pile`` (how far it opens the hand)."""
        return self.chain_from(card, self.hand, self.build[pile])


_POINTS: dict = {}


def card_points(scoring):
    """What each card costs left in hand under the table's ``scoring`` (one each where the
    scoring is not a card scoring: a pool, the chip game). A joker costs the dearest card."""
    points = _POINTS.get(scoring)
    if points is None:
        values = CARD_POINTS.get(scoring)
        points = {c: values[c[0]] if values else 1 for c in PACK}
        dearest = max(points.values())
        points.update({j: dearest for j in JOKERS})
        _POINTS[scoring] = points
    return points


def is_king(card):
    return card[0] == KING


def unseen_cards(view):
    """Every card of the game's pack that the seat has not seen: in another hand or the stock."""
    pack = list(PACK) + (list(JOKERS) if view["options"].get("jokers_wild") else [])
    seen = set(view["hand"])
    for cards in view["table"]["piles"].values():
        seen.update(cards)
    return [c for c in pack if c not in seen]
