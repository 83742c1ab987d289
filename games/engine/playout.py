"""Play a whole game with simple bots and print its score sheet (the engine's demo).

The engine never imports the site's bot strategies (``bots`` depends on ``games.engine``, not
the other way round), so the demo has its own: ``random`` for every ruleset, and for Kings in
the Corner a small greedy ``heuristic`` (kings to empty corners, piles moved to open spaces,
every card that fits played, then the turn ended with a draw). The site's stronger strategies
are ``bots.strategies``.
"""

import random

from . import RULESETS, new_game
from .errors import InvalidOptions
from .records import say
from .text import N_  # the web pages pass ``gettext`` as ``translate``; the text sheet prints as is

BOTS = ("random", "heuristic")


def random_bot(rng):
    def choose(state):
        return rng.choice(state.legal_actions())

    return choose


def _greedy_preference(state, action):
    """The demo heuristic's order of preference for a Kings in the Corner action (higher first)."""
    kind = action["type"]
    if kind == "end_turn":
        return 0 if action.get("draw") is False else 1
    if kind != "play":  # a pile move opens a base space; "draw" is only ever offered alone
        return 4
    shown = action.get("as", action["card"])
    if not state.piles[action["to"]]:
        return 5 if shown[0] == "K" else 2  # a king into an empty corner first; an empty space last
    return 3


def heuristic_bot(rng):
    def choose(state):
        legal = state.legal_actions()
        return max(legal, key=lambda action: _greedy_preference(state, action))

    return choose


def play_out(ruleset, seed, bots="random", options=None):
    """A whole game from ``seed``, every seat played by ``bots``; returns the finished state."""
    if bots not in BOTS:
        raise InvalidOptions(f"unknown bot {bots!r}; bots: {', '.join(BOTS)}", code="unknown_bot")
    game = RULESETS.get(ruleset)
    if bots == "heuristic" and game is not None and game.trick_taking:
        raise InvalidOptions(
            f"the engine's demo has no heuristic for {ruleset}; use --bots random here, "
            "or the site's strategies (bots.strategies)",
            code="unknown_bot",
        )
    state = new_game(ruleset, seed=seed, options=options)
    choose = (heuristic_bot if bots == "heuristic" else random_bot)(random.Random(f"{seed}/bots"))
    while not state.is_over:
        state.apply(choose(state))
    return state


def contract_label(ruleset, record, translate=N_, names=None):
    """A deal's contract as the score sheets name it: the ruleset's description of the record,
    in the reader's language (``translate`` is gettext on the pages) and, where ``names`` (the
    seats' names) is given, with the bidder of an accepted bid named."""
    return say(RULESETS[ruleset].describe(record), translate, names)


def end_label(ruleset, record, translate=N_):
    """How a deal ended, in the reader's language."""
    return say(RULESETS[ruleset].describe_end(record), translate)


def game_sums_to_zero(state):
    """Whether the rules say this game's totals sum to zero: a whole game played to its end
    (rules.md 1.9 and 2.8), not a single fixed deal, a Rifki short game or a game cut short."""
    return state.board is None and state.is_over and state.result == "complete" and not state.options.get("short_mode")


def score_sheet_rows(state, translate=N_, names=None):
    """The score sheet as data, one row per finished deal (its number, the dealer or declarer,
    the contract, the four scores and the hand total), the totals and the zero-sum check.
    ``translate`` and ``names`` as for contract_label.

    Only public facts: contracts and scores, never a card. ``check`` is None while the rules
    promise no zero sum (a game in progress, one fixed deal, a Rifki short game or slam).
    """
    game = RULESETS[state.ruleset]
    rows = []
    for record in state.deals:
        scores = list(record["scores"]) if record["scored"] else None
        rows.append(
            {
                "deal": record["deal"],
                "seat": game.sheet_seat(record),
                "contract": record["contract"],
                "label": contract_label(state.ruleset, record, translate, names),
                "scored": record["scored"],
                "scores": scores,
                "total": sum(scores) if scores is not None else None,
                "end": record["end"],
                "end_label": end_label(state.ruleset, record, translate),
            }
        )
    total = sum(state.scores)
    return {
        "ruleset": state.ruleset,
        "num_seats": state.num_seats,
        "seat_role": game.sheet_role,
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
    a column per player, the hand total on the right, and the final totals underneath (a game
    without tricks: ``layout_score_sheet``)."""
    if not RULESETS[state.ruleset].trick_taking:
        return layout_score_sheet(state)
    sheet = score_sheet_rows(state)
    seat_role = "Dealer" if sheet["seat_role"] == "dealer" else "Decl."
    seats = range(sheet["num_seats"])
    head = f"{'#':>3}  {seat_role:<6} {'Contract':<44}" + "".join(f"{'P' + str(s):>7}" for s in seats) + f"{'Hand':>8}"
    lines = [f"{state.ruleset.capitalize()}: {sheet['deals_scored']} deals scored", head, "-" * len(head)]
    for row, record in zip(sheet["rows"], state.deals):
        label = row["label"]
        if len(label) > 44:
            label = label[:41] + "..."
        if row["scored"]:
            cells = "".join(f"{v:>7}" for v in row["scores"]) + f"{row['total']:>8}"
        else:
            cells = f"  {row['end']}" + (f": {record['cause']}" if "cause" in record else "")  # the record's codes
        lines.append(f"{row['deal']:>3}  P{row['seat']:<5} {label:<44}" + cells)
    lines.append("-" * len(head))
    totals = "".join(f"{v:>7}" for v in sheet["totals"])
    lines.append(f"{'':>3}  {'':<6} {'Totals':<44}" + totals + f"{sheet['sum']:>8}")
    if sheet["is_over"]:
        winners = ", ".join(f"P{s}" for s in sheet["winners"]) or "none"
        lines.append(f"Winner{'s' if len(sheet['winners']) != 1 else ''}: {winners} ({sheet['result']})")
    return "\n".join(lines)


# What a Kings in the Corner hand's scores count, by the view's ``table["scoring"]`` (any other
# scoring is a card scoring: penalty points).
UNITS = {"chips_pot": "net chips", "pool": "net pool units", "jax": "points (the winner takes the pot)"}


def layout_score_sheet(state):
    """The score sheet of a game without tricks (Kings in the Corner): the scoring, the target
    and who wins; a row per hand with its dealer, how it ended, and per player the hand's score
    and the running total; the totals and the winner underneath. Only public facts."""
    sheet = score_sheet_rows(state)
    table = state.view(None)["table"]
    scoring = table["scoring"]
    lowest = "penalty_points" in table
    n = sheet["num_seats"]
    if table["target"] is not None:
        end = f"target {table['target']}"
    else:
        end = f"{state.deals_in_game} hands"
    title = (
        f"{RULESETS[state.ruleset].label}: {n} players, {scoring} scoring in "
        f"{UNITS.get(scoring, 'penalty points')}, {end}, {'lowest' if lowest else 'highest'} total wins"
    )
    head = f"{'#':>3}  {'Dealer':<6} {'Hand':<30}" + "".join(f"{'P' + str(s):>13}" for s in range(n))
    sub = f"{'':>3}  {'':<6} {'':<30}" + f"{'hand':>7}{'total':>6}" * n
    lines = [title, f"Hands scored: {sheet['deals_scored']}", head, sub, "-" * len(head)]
    running = [0] * n
    for row, record in zip(sheet["rows"], state.deals):
        label = row["label"] + (f" (pot {record['pot']})" if "pot" in record else "")
        if row["scored"]:
            running = [t + v for t, v in zip(running, row["scores"])]
            cells = "".join(f"{v:>7}{t:>6}" for v, t in zip(row["scores"], running))
        else:
            label = f"{label[:23]} (void)"
            cells = "".join(f"{'-':>7}{t:>6}" for t in running)
        lines.append(f"{row['deal']:>3}  P{row['seat']:<5} {label[:30]:<30}" + cells)
    lines.append("-" * len(head))
    lines.append(f"{'':>3}  {'':<6} {'Totals':<30}" + "".join(f"{'':>7}{v:>6}" for v in sheet["totals"]))
    if sheet["is_over"]:
        winners = ", ".join(f"P{s}" for s in sheet["winners"]) or "none"
        lines.append(f"Winner{'s' if len(sheet['winners']) != 1 else ''}: {winners} ({sheet['result']})")
    return "\n".join(lines)
