"""Play a whole game with simple bots and print its score sheet (the engine's demo)."""
import random
import re

from . import new_game
from .errors import InvalidOptions
from .text import N_  # the web pages pass ``gettext`` as ``translate``; the text sheet prints as is


LABELS = {
    "king": {
        "no_tricks": N_("Vazas (no tricks)"),
        "no_hearts": N_("Copas (no hearts)"),
        "no_queens": N_("Mulheres (no queens)"),
        "no_men": N_("Homens (no K, J)"),
        "no_king_of_hearts": N_("King (no K of hearts)"),
        "no_last_two": N_("Duas Ultimas (last two)"),
        "no_tricks+no_last_two": N_("Vazas + Duas Ultimas"),
        "no_hearts+no_king_of_hearts": N_("Copas + King"),
        "no_queens+no_men": N_("Mulheres + Homens"),
    },
    "rifki": {
        "no_tricks": N_("El Almaz (no tricks)"),
        "no_hearts": N_("Kupa (no hearts)"),
        "no_queens": N_("Kiz (no queens)"),
        "no_men": N_("Erkek (no K, J)"),
        "no_king_of_hearts": N_("Rifki (no K of hearts)"),
        "no_last_two": N_("Son Iki (last two)"),
    },
}
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
BOTS = ("random",)


def random_bot(rng):
    def choose(state):
        return rng.choice(state.legal_actions())

    return choose


def play_out(ruleset, seed, bots="random", options=None):
    """A whole game from ``seed``, every seat played by ``bots``; returns the finished state."""
    if bots not in BOTS:
        raise InvalidOptions(f"unknown bot {bots!r}; bots: {', '.join(BOTS)}", code="unknown_bot")
    state = new_game(ruleset, seed=seed, options=options)
    choose = random_bot(random.Random(f"{seed}/bots"))
    while not state.is_over:
        state.apply(choose(state))
    return state


TRUMP_LABEL = N_("Koz %(suit)s (trumps)")
# King's positive hand as king.py records it: "positive down", "positive up H", "positive up no
# trump" or "positive (forfeit)", then ", bid 8 up by P2" when a bid was accepted.
POSITIVE = re.compile(r"positive(?: \((?P<forfeit>forfeit)\)| up (?P<trump>[SHDC]|no trump)| (?P<down>down))"
                      r"(?:, bid (?P<tricks>\d+) (?P<direction>up|down) by P(?P<seat>\d))?")
POSITIVE_LABELS = {
    "forfeit": N_("Positiva (forfeit)"),
    "up": N_("Positiva up %(suit)s"),
    "no trump": N_("Positiva up no trump"),
    "down": N_("Positiva down"),
}
BID_LABELS = {
    "up": N_("%(contract)s, bid %(tricks)s up by P%(seat)s"),
    "down": N_("%(contract)s, bid %(tricks)s down by P%(seat)s"),
}
# The same, where the page knows who holds each seat (the score sheet).
BID_LABELS_NAMED = {
    "up": N_("%(contract)s, bid %(tricks)s up by %(name)s"),
    "down": N_("%(contract)s, bid %(tricks)s down by %(name)s"),
}


def contract_label(ruleset, record, translate=N_, names=None):
    """A deal's contract as the score sheets name it; ``translate`` (gettext, on the pages)
    turns the names into the reader's language, positive hands' details included, and
    ``names`` (the four seats' names), where given, names the bidder of an accepted bid."""
    name = record["contract"]
    label = LABELS.get(ruleset, {}).get(name)
    if label:
        return translate(label)
    if name.startswith("trump "):
        suit = name.split()[1]
        return translate(TRUMP_LABEL) % {"suit": SUIT_SYMBOLS.get(suit, suit)}
    positive = POSITIVE.fullmatch(name)
    if positive:
        return positive_label(positive, translate, names)
    return name


def positive_label(positive, translate, names=None):
    trump = positive["trump"]
    if positive["forfeit"] or positive["down"]:
        label = translate(POSITIVE_LABELS[positive["forfeit"] or positive["down"]])
    elif trump == "no trump":
        label = translate(POSITIVE_LABELS["no trump"])
    else:
        label = translate(POSITIVE_LABELS["up"]) % {"suit": SUIT_SYMBOLS[trump]}
    if positive["tricks"] is None:
        return label
    if names is not None:
        return translate(BID_LABELS_NAMED[positive["direction"]]) % {
            "contract": label, "tricks": positive["tricks"], "name": names[int(positive["seat"])]}
    return translate(BID_LABELS[positive["direction"]]) % {
        "contract": label, "tricks": positive["tricks"], "seat": positive["seat"]}

# Why a deal was not scored, as a sheet says it (the engine records "cancelled: <reason>" for a
# Rifki misdeal and the slam's outcome for a King slam, which ends the game).
END_LABELS = {
    "cancelled: rifki_unguarded": N_("cancelled and redealt: a lone king or ace of hearts"),
    "cancelled: trump_no_high_cards": N_("cancelled and redealt: a hand with no card above a ten"),
    "cancelled: kiz_split": N_("cancelled and redealt: each player took one queen"),
    "slam": N_("a King slam, which ends the game"),
    "failed_slam": N_("a failed King slam, which ends the game"),
}


def game_sums_to_zero(state):
    """Whether the rules say this game's totals sum to zero: a whole game played to its end
    (rules.md 1.9 and 2.8), not a single fixed deal, a Rifki short game or a game cut short."""
    return state.board is None and state.is_over and state.result == "complete" \
        and not state.options.get("short_mode")


def score_sheet_rows(state, translate=N_, names=None):
    """The score sheet as data, one row per finished deal (its number, the dealer or declarer,
    the contract, the four scores and the hand total), the totals and the zero-sum check.
    ``translate`` and ``names`` as for contract_label.

    Only public facts: contracts and scores, never a card. ``check`` is None while the rules
    promise no zero sum (a game in progress, one fixed deal, a Rifki short game or slam).
    """
    rows = []
    for record in state.deals:
        scores = list(record["scores"]) if record["scored"] else None
        rows.append({
            "deal": record["deal"],
            "seat": record.get("dealer", record.get("declarer")),
            "contract": record["contract"],
            "label": contract_label(state.ruleset, record, translate, names),
            "scored": record["scored"],
            "scores": scores,
            "total": sum(scores) if scores is not None else None,
            "end": record["end"],
            "end_label": translate(END_LABELS[record["end"]]) if record["end"] in END_LABELS else record["end"],
        })
    total = sum(state.scores)
    return {
        "ruleset": state.ruleset,
        "seat_role": "dealer" if state.ruleset == "king" else "declarer",
        "deals_scored": len(state.deal_scores),
        "rows": rows,
        "totals": list(state.scores),
        "sum": total,
        "check": {"expected": 0, "ok": total == 0} if game_sums_to_zero(state) else None,
        "is_over": state.is_over,
        "winners": list(state.winners) if state.is_over else None,
        "result": state.result,
    }


def score_sheet(state):
    """The score sheet as the source documents lay it out: a row per deal with its contract,
    a column per player, the hand total on the right, and the final totals underneath."""
    sheet = score_sheet_rows(state)
    seat_role = "Dealer" if sheet["seat_role"] == "dealer" else "Decl."
    head = f"{'#':>3}  {seat_role:<6} {'Contract':<44}" + "".join(f"{'P' + str(s):>7}" for s in range(4)) + f"{'Hand':>8}"
    lines = [f"{state.ruleset.capitalize()}: {sheet['deals_scored']} deals scored", head, "-" * len(head)]
    for row in sheet["rows"]:
        label = row["label"]
        if len(label) > 44:
            label = label[:41] + "..."
        if row["scored"]:
            cells = "".join(f"{v:>7}" for v in row["scores"]) + f"{row['total']:>8}"
        else:
            cells = f"  {row['end']}"
        lines.append(f"{row['deal']:>3}  P{row['seat']:<5} {label:<44}" + cells)
    lines.append("-" * len(head))
    lines.append(f"{'':>3}  {'':<6} {'Totals':<44}" + "".join(f"{v:>7}" for v in sheet["totals"]) + f"{sheet['sum']:>8}")
    if sheet["is_over"]:
        winners = ", ".join(f"P{s}" for s in sheet["winners"]) or "none"
        lines.append(f"Winner{'s' if len(sheet['winners']) != 1 else ''}: {winners} ({sheet['result']})")
    return "\n".join(lines)
