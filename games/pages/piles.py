"""The table page of a game laid out in piles (the descriptor's ``layout == "piles"``): the piles
around the stock, the targets each card or pile may go to, the turn's buttons and the words.

Pure presentation of ``games.service.access.visible_state``: the legal actions are the viewer's
own, and every target or button posts one of them back through the one legality path
(games.service.playing.submit_action).
Which pile a card may go to is read from the legal actions ({"type": "play", "card", "to"[, "as"]},
{"type": "move", "from", "to"}, {"type": "end_turn"[, "draw": false]}, {"type": "draw"}), never
worked out here; the pile names and where each lies are the engine's layout contract
(``games.engine.rulesets.PILE_SIDES`` and ``PILE_CORNERS``), the jokers each ruleset's ``jokers``:
no game's own module is read here (docs/architecture.md §2.1).
"""

import json

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import RULESETS
from games.engine.cards import DECK
from games.engine.rulesets import PILE_CORNERS, PILE_SIDES
from games.templatetags.cards import card_image, card_name, card_short

# Each pile's name as a player says it; the base piles lie at the four sides of the stock, the
# corner piles on the diagonals (the grid areas of static/css/piles.css are the pile names).
PILE_LABELS = {
    "N": gettext_lazy("north pile"),
    "E": gettext_lazy("east pile"),
    "S": gettext_lazy("south pile"),
    "W": gettext_lazy("west pile"),
    "NE": gettext_lazy("north-east corner"),
    "SE": gettext_lazy("south-east corner"),
    "SW": gettext_lazy("south-west corner"),
    "NW": gettext_lazy("north-west corner"),
}
PILES = PILE_SIDES + PILE_CORNERS


def jokers():
    """The jokers of every ruleset registered now (a game may register after this module loads)."""
    return frozenset(joker for ruleset in RULESETS.values() for joker in ruleset.jokers)


class BadPile(ValueError):
    """A posted pile or card that is no pile or card of the game (a 400 with this message)."""


def read_pile_action(card, to, source, as_):
    """The action a pile target posts (the form's ``card``, ``to``, ``from`` and ``as`` fields,
    empty ones meaning absent): a play of ``card`` onto ``to``, or the move of the pile
    ``source`` onto ``to``. Raises BadPile for a field that names no pile or card; whether the
    action is legal is the service's to say."""
    if to not in PILES:
        raise BadPile(_("“%(pile)s” is not a pile; the piles are %(piles)s.") % {"pile": to, "piles": " ".join(PILES)})
    if card:
        if card not in DECK and card not in jokers():
            raise BadPile(_("“%(card)s” is not a card.") % {"card": card})
        if source:
            raise BadPile(_("Play a card or move a pile, not both at once."))
        action = {"type": "play", "card": card, "to": to}
        if as_:
            if as_ not in DECK:
                raise BadPile(_("A joker stands for a card, not for “%(card)s”.") % {"card": as_})
            action["as"] = as_
        return action
    if source:
        if source not in PILES:
            raise BadPile(
                _("“%(pile)s” is not a pile; the piles are %(piles)s.") % {"pile": source, "piles": " ".join(PILES)}
            )
        if as_:
            raise BadPile(_("Only a joker played from the hand stands for a card."))
        return {"type": "move", "from": source, "to": to}
    raise BadPile(_("Pick a card from your hand or a pile first, then the pile it goes onto."))


def shown(card, standing_for=None):
    """A card as the page shows it: its name, its face, and for a joker the card it stands for
    (``standing_for``: the table's {joker: card})."""
    if card in jokers():
        stands = (standing_for or {}).get(card)
        name = _("Joker") if stands is None else _("Joker as %(card)s") % {"card": card_name(stands)}
        return {"card": card, "joker": True, "name": name, "short": _("Joker"), "as": stands and card_short(stands)}
    return {"card": card, "joker": False, "name": card_name(card), "short": card_short(card), "image": card_image(card)}


def play_targets(legal):
    """{card: [{"to", "as"?}]}: where each card of the hand may go now."""
    out = {}
    for a in legal:
        if a["type"] == "play":
            target = {"to": a["to"]}
            if "as" in a:
                target["as"] = a["as"]
            out.setdefault(a["card"], []).append(target)
    return out


def move_targets(legal):
    """{pile: [pile]}: where each pile may be moved now."""
    out = {}
    for a in legal:
        if a["type"] == "move":
            out.setdefault(a["from"], []).append(a["to"])
    return out


def layout(table, legal):
    """The eight piles in the page's order, each with its cards (bottom first, all shown,
    overlapping), its name, whether it is a corner, and where it may be moved."""
    moves = move_targets(legal)
    standing_for = table.get("jokers") or {}
    out = []
    for pile in PILES:
        cards = [shown(c, standing_for) for c in table["piles"].get(pile, [])]
        out.append(
            {
                "name": pile,
                "label": PILE_LABELS[pile],
                "corner": pile in PILE_CORNERS,
                "cards": cards,
                "top": cards[-1]["name"] if cards else "",
                "moves": moves.get(pile, []),
                "moves_json": json.dumps(moves.get(pile, [])),
            }
        )
    return out


def hand(cards, legal):
    """The viewer's hand: each card with where it may go (JSON for the page's script)."""
    targets = play_targets(legal)
    return [{**shown(c), "targets": json.dumps(targets.get(c, [])), "legal": c in targets} for c in cards]


def action_words(action):
    """A legal action in words, for the list of every move (the page without its script)."""
    kind = action["type"]
    if kind == "play":
        what = {"card": shown(action["card"])["name"], "pile": PILE_LABELS[action["to"]]}
        if "as" in action:
            what["as"] = card_name(action["as"])
            return _("Play the %(card)s as the %(as)s onto the %(pile)s") % what
        return _("Play the %(card)s onto the %(pile)s") % what
    if kind == "move":
        return _("Move the %(source)s onto the %(pile)s") % {
            "source": PILE_LABELS[action["from"]],
            "pile": PILE_LABELS[action["to"]],
        }
    return turn_button(action)


def turn_button(action, may_refuse=False):
    """The words of a button that ends the turn or draws. Where the player may also end the
    turn without drawing (the chip game), the plain end of the turn says that it draws."""
    if action["type"] == "draw":
        return _("Draw a card")
    if action.get("draw") is False:
        return _("End the turn without drawing")
    if may_refuse:
        return _("End the turn and draw a card")
    return _("End the turn")


def turn_buttons(legal):
    """The buttons besides cards and piles: end the turn (drawing, or not), draw."""
    may_refuse = any(a["type"] == "end_turn" and a.get("draw") is False for a in legal)
    return [
        {"label": turn_button(a, may_refuse), "action": json.dumps(a), "draw": a["type"] == "draw"}
        for a in legal
        if a["type"] in ("end_turn", "draw")
    ]


def every_move(legal):
    """Every legal action as a button's words and posted JSON (the page without its script)."""
    return [{"label": action_words(a), "action": json.dumps(a)} for a in legal if a["type"] in ("play", "move")]


def seat_chips(table, seat):
    """What a seat has of the chips the view holds (stack, paid into the pot, debt), as shown."""
    return {key: table[key][seat] for key in ("chips", "paid", "debts") if key in table}


def stage_words(view, yours):
    """What the seat to act is doing, by the stage of the turn (``table.turn.stage``): in full
    for the viewer whose turn it is, in short for the others."""
    stage = ((view.get("table") or {}).get("turn") or {}).get("stage")
    if stage == "must_draw":
        return _("draw a card from the stock")
    if yours:
        return _("play cards onto the piles, move a pile, then end the turn")
    return _("play their turn")


def status_line(view, me, names):
    """The line above the table: whose turn it is and what they are doing, in words."""
    if view["is_over"]:
        return _("The game is over.")
    to_act = view["to_act"]
    if to_act is None:
        return _("The hand is over; the next one is being dealt.")
    what = stage_words(view, to_act == me)
    if to_act == me:
        return _("Your turn: %(what)s.") % {"what": what}
    return _("Waiting for %(name)s to %(what)s.") % {"name": names[to_act], "what": what}
