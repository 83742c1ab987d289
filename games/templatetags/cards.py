"""How the pages show cards, seats and contracts: one place, so the table, the score sheet and
the audit replay name them alike (and translate them alike)."""

import re

from django import template
from django.templatetags.static import static
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games import refusals
from games.engine import RULESETS
from games.engine.playout import contract_label

register = template.Library()

SUIT_ORDER = "SHDC"  # the canonical order of the pack (docs/architecture.md §3.1)
RANK_ORDER = "23456789TJQKA"
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_NAMES = {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")}
RANK_NAMES = {
    "2": _("Two"),
    "3": _("Three"),
    "4": _("Four"),
    "5": _("Five"),
    "6": _("Six"),
    "7": _("Seven"),
    "8": _("Eight"),
    "9": _("Nine"),
    "T": _("Ten"),
    "J": _("Jack"),
    "Q": _("Queen"),
    "K": _("King"),
    "A": _("Ace"),
}
RANK_SHORT = {"T": "10"}


@register.filter
def card_name(card):
    """The card's accessible name: "Queen of hearts"."""
    rank, suit = card[0], card[1]
    return pgettext_lazy("card name", "%(rank)s of %(suit)s") % {"rank": RANK_NAMES[rank], "suit": SUIT_NAMES[suit]}


@register.filter
def seat_number(index):
    """A seat as the pages number it for people: from 1 to the table's size. The API, the bot
    protocol, the events and the addresses' ``?seat=`` number it from 0 (docs/pages.md, "Seat
    numbers"), so seat 0 is "Seat 1" on every page."""
    return index + 1


@register.filter
def fault_reason(code):
    """Why a bot's turn got the fallback action, in words (games.refusals)."""
    return refusals.fault_reason(code)


@register.filter
def card_short(card):
    """The card as printed on it: "Q♥", "10♠"."""
    return f"{RANK_SHORT.get(card[0], card[0])}{SUIT_SYMBOLS[card[1]]}"


@register.filter
def suit_colour(card_or_suit):
    """ "red" or "black", for the card's CSS class."""
    return "red" if card_or_suit[-1] in "HD" else "black"


CARD = re.compile(r"[2-9TJQKA][SHDC]")


@register.filter
def card_image(card):
    """The card's face, a self-hosted SVG (static/cards/, drawn by tools/make_cards.py); any
    other string gets the card's back, never a path made from it."""
    return static(f"cards/{card}.svg" if CARD.fullmatch(str(card)) else "cards/back.svg")


@register.filter
def suit_name(suit):
    return SUIT_NAMES.get(suit, suit)


@register.filter
def suit_symbol(suit):
    return SUIT_SYMBOLS.get(suit, suit)


def card_key(card):
    return SUIT_ORDER.index(card[1]), -RANK_ORDER.index(card[0])


@register.filter
def by_suit(cards):
    """A hand sorted by suit (spades, hearts, diamonds, clubs), high to low within a suit, as
    [(suit, [cards])] for the suits the hand holds."""
    ordered = sorted(cards, key=card_key)
    return [(suit, [c for c in ordered if c[1] == suit]) for suit in SUIT_ORDER if any(c[1] == suit for c in ordered)]


@register.filter
def ruleset_label(name):
    """A ruleset's name as people call the game, in the reader's language ("Brazilian King")."""
    ruleset = RULESETS.get(name)
    return gettext(ruleset.label) if ruleset is not None else name


@register.simple_tag
def contract_name(ruleset, contract):
    """A contract record's display name as the score sheets print it (Copas, Kupa, Koz ♥ ...)."""
    return contract_label(ruleset, contract, gettext) if contract else ""


# ------------------------------------------------------------------ actions and contracts at the table
DIRECTIONS = {"up": _("up"), "down": _("down")}


def bid_words(bid):
    """A King bid's tricks and direction ("8 up"), from a bid action or the auction's standing bid."""
    return _("%(tricks)s %(direction)s") % {
        "tricks": bid["tricks"],
        "direction": DIRECTIONS.get(bid["direction"], bid["direction"]),
    }


def _trump_label(trump):
    if trump:
        return pgettext_lazy("positive hand", "up with %(suit)s as trumps") % {"suit": SUIT_NAMES.get(trump, trump)}
    return pgettext_lazy("positive hand", "up with no trumps")


@register.simple_tag
def action_label(ruleset, action):
    """A readable label for any of the engine's action dicts (docs/architecture.md §3.1), for its button.

    A type that takes no argument gets the words its game's descriptor gives it
    (``action_labels``; with no ruleset named, any game's). Unknown types fall back to the
    type's slug, so a new action still gets a working button.
    """
    kind = action.get("type")
    if kind == "play":
        return card_name(action["card"])
    if kind == "contract":
        return contract_name(ruleset, {"name": action["name"], "trump": action.get("suit")})
    if kind in ("bid", "counteroffer"):
        text = _("Bid %(bid)s") if kind == "bid" else _("Ask for %(bid)s")
        return text % {"bid": bid_words(action)}
    if kind == "choose":
        if action.get("mode") == "down":
            return _("Play down")
        return _("Play %(how)s") % {"how": _trump_label(action.get("trump"))}
    if kind == "nominate":
        return _("Name seat %(seat)s the first dealer") % {"seat": seat_number(action["dealer"])}
    games = [RULESETS[ruleset]] if ruleset in RULESETS else list(RULESETS.values())
    label = next((game.action_labels[kind] for game in games if kind in game.action_labels), None)
    return kind if label is None else gettext(label)


def hand_name(ruleset, contract, names=None):
    """A hand's contract by the one name the table and the score sheet both print ("Positiva up
    ♥, bid 5 up by Ana"): a view's ``contract``, a deal record's, or one a button would settle;
    ``names`` (the seats' names) names the bidder of an accepted bid."""
    return contract_label(ruleset, contract, gettext, names) if contract else ""


@register.simple_tag(takes_context=True)
def contract_title(context, ruleset, contract):
    """The display name of a view's ``contract`` (a dict, or None before it is chosen), with the
    page's seat names (its ``names``), exactly as the score sheet names the same hand."""
    return hand_name(ruleset, contract, context.get("names"))
