"""Play a whole game with simple bots and print its score sheet (the engine's demo)."""
import random

from . import new_game
from .errors import InvalidOptions


def N_(text):
    """Marks a display string for the translators (``manage.py makemessages --keyword=N_``).
    The engine has no Django: the web pages pass ``gettext`` as ``translate``; the text sheet
    prints the strings as they are."""
    return text


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
POSITIVE_LABEL = N_("Positiva %(detail)s")


def contract_label(ruleset, record, translate=N_):
    """A deal's contract as the score sheets name it; ``translate`` (gettext, on the pages)
    turns the names into the reader's language. The positive hand's detail (its mode, trumps
    and bid) is the engine's own record."""
    name = record["contract"]
    label = LABELS.get(ruleset, {}).get(name)
    if label:
        return translate(label)
    if name.startswith("trump "):
        suit = name.split()[1]
        return translate(TRUMP_LABEL) % {"suit": SUIT_SYMBOLS.get(suit, suit)}
    if name.startswith("positive"):
        detail = name[len("positive"):].strip()
        for letter, symbol in SUIT_SYMBOLS.items():
            detail = detail.replace(f"up {letter}", f"up {symbol}")
        return translate(POSITIVE_LABEL) % {"detail": detail}
    return name


def game_sums_to_zero(state):
    """Whether the rules say this game's totals sum to zero: a whole game played to its end
    (rules.md 1.9 and 2.8), not a single fixed deal, a Rifki short game or a game cut short."""
    return state.board is None and state.is_over and state.result == "complete" \
        and not state.options.get("short_mode")


def score_sheet_rows(state, translate=N_):
    """The score sheet as data, one row per finished deal (its number, the dealer or declarer,
    the contract, the four scores and the hand total), the totals and the zero-sum check.

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
            "label": contract_label(state.ruleset, record, translate),
            "scored": record["scored"],
            "scores": scores,
            "total": sum(scores) if scores is not None else None,
            "end": record["end"],
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
