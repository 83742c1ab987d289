"""Engine records put into words: contracts, deal ends, and the way a page says them.

The engine keeps its records as data (docs/architecture.md §3.2a): a deal record is
``{"deal": 3, "contract": {"name": "positive", "mode": "up", "trump": "H", "bid": {...}},
"end": "complete", "scored": True, "scores": [...], "dealer": 1}``. A ruleset's ``describe``
turns a record into a msgid and its parameters; ``say`` makes the words, with the reader's
``translate`` (gettext on the pages, the identity on the command line) and the players' names
where the caller knows them. Nothing outside this module spells a contract, and nothing parses
words back into a record.

Parameter conventions, so that every caller formats alike: ``suit`` is a suit code (shown as its
symbol), ``player`` is a seat number (shown as the seat's name, or P0..), and a value that is
itself a ``(msgid, params)`` pair is said first and put in its place.
"""

from typing import Any

from .text import N_

SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}

TRUMP_LABEL = N_("Koz %(suit)s (trumps)")
NO_CONTRACT = N_("(no contract)")
POSITIVE_LABELS = {
    "open": N_("Positiva"),  # before the auction settles its mode
    "forfeit": N_("Positiva (forfeit)"),
    "up": N_("Positiva up %(suit)s"),
    "no trump": N_("Positiva up no trump"),
    "down": N_("Positiva down"),
}
BID_LABELS = {
    "up": N_("%(contract)s, bid %(tricks)s up by %(player)s"),
    "down": N_("%(contract)s, bid %(tricks)s down by %(player)s"),
}
# How a deal ended, where a sheet says it: a Rifki misdeal is cancelled and redealt, a slam
# ends the game; a deal played out (or ended early) needs no words beside its scores.
END_LABELS = {
    "complete": N_("played to the last trick"),
    "penalties_exhausted": N_("ended early: every penalty card was taken"),
    "forfeit": N_("forfeited after a foiled auction"),
    "slam": N_("a King slam, which ends the game"),
    "failed_slam": N_("a failed King slam, which ends the game"),
    "cancelled": N_("cancelled and redealt"),
}
CANCEL_LABELS = {
    "rifki_unguarded": N_("cancelled and redealt: a lone king or ace of hearts"),
    "trump_no_high_cards": N_("cancelled and redealt: a hand with no card above a ten"),
    "kiz_split": N_("cancelled and redealt: each player took one queen"),
}

# The counts a score table's deal is entered with (docs/architecture.md §3.9), as the sheet
# names them (scoring.TALLY_FIELDS; a game with counts of its own adds its labels here).
TALLY_LABELS = {
    "tricks": N_("tricks"),
    "hearts": N_("hearts"),
    "queens": N_("queens"),
    "men": N_("kings and jacks"),
    "king_of_hearts": N_("King of Hearts"),
    "last_two": N_("last two tricks"),
    # Kings in the Corner (corners.py): a hand's cards left, what they hold, what was paid
    "cards_left": N_("cards left in hand"),
    "kings": N_("kings left in hand"),
    "jokers": N_("jokers left in hand"),
    "ranks": N_("cards of one rank"),
    "penalties": N_("penalties charged"),
    "completions": N_("corners completed with the ace"),
}
END_LABELS["entered"] = N_("entered at the table")

Described = tuple[str, dict[str, Any]]


def describe_contract(negative_labels: dict[str, str], contract: Any) -> Described:
    """A trick-taking contract record (``state.deals[i]["contract"]``) as (msgid, params):
    ``negative_labels`` are the game's names of its penalty contracts (each game's own, beside
    its code: ``king.NEGATIVE_LABELS``, ``rifki.NEGATIVE_LABELS``)."""
    if contract is None:
        return NO_CONTRACT, {}
    name = contract["name"]
    label = negative_labels.get(name)
    if label is not None:
        return label, {}
    if name == "trump":
        return TRUMP_LABEL, {"suit": contract["trump"]}
    if name == "positive":
        mode = contract.get("mode")
        if contract.get("forfeited"):
            described: Described = (POSITIVE_LABELS["forfeit"], {})
        elif mode is None:
            described = (POSITIVE_LABELS["open"], {})
        elif mode == "down":
            described = (POSITIVE_LABELS["down"], {})
        elif contract.get("trump") is None:
            described = (POSITIVE_LABELS["no trump"], {})
        else:
            described = (POSITIVE_LABELS["up"], {"suit": contract["trump"]})
        bid = contract.get("bid")
        if bid is None:
            return described
        return BID_LABELS[bid["direction"]], {"contract": described, "tricks": bid["tricks"], "player": bid["seat"]}
    raise ValueError(f"unknown contract {name!r}")


def describe_end(record: dict[str, Any]) -> Described:
    """How a deal ended, as (msgid, params)."""
    end = record["end"]
    if end == "cancelled" and record.get("cause") in CANCEL_LABELS:
        return CANCEL_LABELS[record["cause"]], {}
    return END_LABELS[end], {}


def say(described: Described, translate=N_, names=None) -> str:
    """The words of a (msgid, params) pair in the reader's language (see the module's conventions)."""
    msgid, params = described
    if not params:
        return translate(msgid)
    values = {}
    for key, value in params.items():
        if isinstance(value, tuple):
            value = say(value, translate, names)
        elif key == "suit":
            value = SUIT_SYMBOLS.get(value, value)
        elif key == "player":
            value = names[value] if names is not None else f"P{value}"
        values[key] = value
    return translate(msgid) % values
