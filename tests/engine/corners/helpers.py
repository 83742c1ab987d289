"""Helpers for the Kings in the Corner tests: boards that hold the whole pack, and a turn script.

The rules are restated here independently of the engine where a test needs them (card colours
and ranks), so that a bug in the engine's rules cannot hide behind the same bug in a test.
"""

from games.engine import new_game

RANKS = "A23456789TJQK"  # A low, K high (docs/rules.md §3.1)
SUITS = "SHDC"
PACK = tuple(r + s for s in SUITS for r in "23456789TJQKA")
JOKERS = ("X1", "X2")
PILES = ("N", "E", "S", "W", "NE", "SE", "SW", "NW")


def chain(top, length, suits=("S", "H")):
    """``length`` cards from ``top`` down in alternating colours, e.g. chain("KS", 3) = KS QH JS."""
    rank = RANKS.index(top[0])
    first, second = (top[1], suits[1]) if top[1] == suits[0] else (top[1], suits[0])
    return [RANKS[rank - i] + (first if i % 2 == 0 else second) for i in range(length)]


# Two complete corner piles (every spade and heart), so a test board needs few other cards.
FULL_NE = chain("KS", 13, ("S", "H"))
FULL_SE = chain("KH", 13, ("H", "S"))


def board(hands, layout=None, stock=None, dealer=None, jokers=False):
    """A board holding the whole pack: ``stock`` (top card last) is given as the cards drawn
    first-to-last, and every card not placed elsewhere goes under it."""
    layout = dict(layout or {})
    drawn = list(stock or [])
    placed = set(drawn)
    for h in hands:
        placed.update(h)
    for cards in layout.values():
        placed.update([cards] if isinstance(cards, str) else cards)
    pack = PACK + JOKERS if jokers else PACK
    rest = [c for c in pack if c not in placed]
    return {
        "dealer": len(hands) - 1 if dealer is None else dealer,
        "hands": [list(h) for h in hands],
        "layout": layout,
        "stock": rest + drawn[::-1],
    }


def exact_board(hands, layout, stock_drawn, dealer=None):
    """A board whose stock is exactly ``stock_drawn`` (first drawn first): the layout holds the rest."""
    b = board(hands, layout, stock_drawn, dealer)
    assert len(b["stock"]) == len(stock_drawn), f"cards left over: {b['stock'][: -len(stock_drawn) or None]}"
    return b


def game(hands, layout=None, stock=None, dealer=None, **options):
    options.setdefault("players", len(hands))
    ruleset = options.pop("ruleset", "corners")
    return new_game(
        ruleset, board=board(hands, layout, stock, dealer, options.get("jokers_wild", False)), options=options
    )


def play(state, *actions):
    """Apply actions written short: "7C>N" plays a card, "N>NE" moves a pile (both pile names),
    "end" ends the turn, "keep" ends it without drawing, "draw" draws; returns every event."""
    out = []
    for a in actions:
        out += state.apply(action(a))
    return out


def action(text):
    if text == "end":
        return {"type": "end_turn"}
    if text == "keep":
        return {"type": "end_turn", "draw": False}
    if text == "draw":
        return {"type": "draw"}
    left, right = text.split(">")
    if left in PILES:
        return {"type": "move", "from": left, "to": right}
    if "=" in left:
        card, named = left.split("=")
        return {"type": "play", "card": card, "to": right, "as": named}
    return {"type": "play", "card": left, "to": right}


def events_of(state, kind):
    return [e for e in state.events if e["type"] == kind]
