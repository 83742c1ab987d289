"""Play a whole game with simple bots and print its score sheet (the engine's demo)."""
import random

from . import new_game
from .errors import InvalidOptions

LABELS = {
    "king": {
        "no_tricks": "Vazas (no tricks)",
        "no_hearts": "Copas (no hearts)",
        "no_queens": "Mulheres (no queens)",
        "no_men": "Homens (no K, J)",
        "no_king_of_hearts": "King (no K of hearts)",
        "no_last_two": "Duas Ultimas (last two)",
        "no_tricks+no_last_two": "Vazas + Duas Ultimas",
        "no_hearts+no_king_of_hearts": "Copas + King",
        "no_queens+no_men": "Mulheres + Homens",
    },
    "rifki": {
        "no_tricks": "El Almaz (no tricks)",
        "no_hearts": "Kupa (no hearts)",
        "no_queens": "Kiz (no queens)",
        "no_men": "Erkek (no K, J)",
        "no_king_of_hearts": "Rifki (no K of hearts)",
        "no_last_two": "Son Iki (last two)",
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


def contract_label(ruleset, record):
    name = record["contract"]
    label = LABELS.get(ruleset, {}).get(name)
    if label:
        return label
    if name.startswith("trump "):
        suit = name.split()[1]
        return f"Koz {SUIT_SYMBOLS.get(suit, suit)} (trumps)"
    if name.startswith("positive"):
        detail = name[len("positive"):].strip()
        for letter, symbol in SUIT_SYMBOLS.items():
            detail = detail.replace(f"up {letter}", f"up {symbol}")
        return f"Positiva {detail}"
    return name


def score_sheet(state):
    """The score sheet as the source documents lay it out: a row per deal with its contract,
    a column per player, the hand total on the right, and the final totals underneath."""
    seat_role = "Dealer" if state.ruleset == "king" else "Decl."
    head = f"{'#':>3}  {seat_role:<6} {'Contract':<44}" + "".join(f"{'P' + str(s):>7}" for s in range(4)) + f"{'Hand':>8}"
    lines = [f"{state.ruleset.capitalize()}: {len(state.deal_scores)} deals scored", head, "-" * len(head)]
    for record in state.deals:
        who = record.get("dealer", record.get("declarer"))
        label = contract_label(state.ruleset, record)
        if len(label) > 44:
            label = label[:41] + "..."
        if record["scored"]:
            cells = "".join(f"{v:>7}" for v in record["scores"]) + f"{sum(record['scores']):>8}"
        else:
            cells = f"  {record['end']}"
        lines.append(f"{record['deal']:>3}  P{who:<5} {label:<44}" + cells)
    lines.append("-" * len(head))
    lines.append(f"{'':>3}  {'':<6} {'Totals':<44}" + "".join(f"{v:>7}" for v in state.scores) + f"{sum(state.scores):>8}")
    if state.is_over:
        winners = ", ".join(f"P{s}" for s in state.winners) or "none"
        lines.append(f"Winner{'s' if len(state.winners) != 1 else ''}: {winners} ({state.result})")
    return "\n".join(lines)
