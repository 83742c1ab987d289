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
    """Whether the rules say this game's totals sum to zero: a whole trick game played to its
    end (docs/rules.md §1.9 and §2.8), not a single fixed deal, a Rifki short game or a game cut short;
    a game without tricks whose every hand sums to zero (``hands_sum_to_zero``), at any point."""
    if not RULESETS[state.ruleset].trick_taking:
        return hands_sum_to_zero(state)
    return state.board is None and state.is_over and state.result == "complete" and not state.options.get("short_mode")


# The Kings in the Corner scorings whose every hand nets to zero: chips pass between the players
# (docs/rules.md §3.5, chips_pot and the pool). Penalty points do not, nor do the Jax game's points,
# which only each hand's winner scores.
ZERO_SUM_SCORINGS = ("chips_pot", "pool")


def hands_sum_to_zero(state):
    """Whether every hand of this game (one without tricks) sums to zero, so its totals do."""
    return getattr(state, "mode", None) in ZERO_SUM_SCORINGS


def score_sheet_rows(state, translate=N_, names=None):
    """The score sheet as data, one row per finished deal (its number, the dealer or declarer,
    the contract, the four scores and the hand total), the totals and the zero-sum check.
    ``translate`` and ``names`` as for contract_label.

    Only public facts: contracts and scores, never a card. ``check`` is None while the rules
    promise no zero sum (a game in progress, one fixed deal, a Rifki short game or slam).
    """
    game = RULESETS[state.ruleset]
    rows = []
    running = [0] * state.num_seats
    for record in state.deals:
        scores = list(record["scores"]) if record["scored"] else None
        if scores is not None:
            running = [t + v for t, v in zip(running, scores)]
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
                "running": list(running),  # each player's total after this deal
                # per player: the deal's score (None when not scored) and the total after it
                "cells": [
                    {"score": scores[s] if scores is not None else None, "total": running[s]}
                    for s in range(state.num_seats)
                ],
                "ledger": ledger_row(record["ledger"], record["winner"]) if "ledger" in record else None,
            }
        )
    total = sum(state.scores)
    return {
        "ruleset": state.ruleset,
        "num_seats": state.num_seats,
        "trick_taking": game.trick_taking,
        "seat_role": game.sheet_role,
        # What the game is played to (a game without tricks): a target total, or None with a
        # number of hands (``deals_in_game``); and which total wins.
        "target": None if game.trick_taking else state.view(None)["table"]["target"],
        "deals_in_game": state.deals_in_game,
        "lowest_wins": game.lowest_wins(state.options),
        "units": None if game.trick_taking else translate(UNITS.get(state.view(None)["table"]["scoring"], PENALTY)),
        "has_ledger": any("ledger" in record for record in state.deals),
        # The page's column spans at this table size: a trick sheet's scores and hand total, a
        # whole row of either sheet (a layout sheet gives each player a hand and a total column).
        "spans": {
            "scores": state.num_seats + 1,
            "row": state.num_seats + 4 if game.trick_taking else 2 * state.num_seats + 3,
            "ledger": state.num_seats + 3,
        },
        "deals_scored": len(state.deal_scores),
        "rows": rows,
        "totals": list(state.scores),
        "sum": total,
        "check": {"expected": 0, "ok": total == 0} if game_sums_to_zero(state) else None,
        "is_over": state.is_over,
        "winners": list(state.winners) if state.is_over else None,
        "result": state.result,
    }


# The text sheets' column words, marked here: xgettext does not read inside an f-string's braces.
WORDS = {
    "dealer": N_("Dealer"),
    "declarer": N_("Decl."),
    "contract": N_("Contract"),
    "hand": N_("Hand"),
    "totals": N_("Totals"),
    "hand_score": N_("hand"),
    "running_total": N_("total"),
}


def score_sheet(state, translate=N_):
    """The score sheet as the source documents lay it out: a row per deal with its contract,
    a column per player, the hand total on the right, and the final totals underneath (a game
    without tricks: ``layout_score_sheet``). ``translate`` (gettext on the pages) puts its
    words in the reader's language; the engine's command line prints them as they are."""
    if not RULESETS[state.ruleset].trick_taking:
        return layout_score_sheet(state, translate)
    sheet = score_sheet_rows(state, translate)
    word = {key: translate(text) for key, text in WORDS.items()}
    seat_role = word["dealer"] if sheet["seat_role"] == "dealer" else word["declarer"]
    seats = range(sheet["num_seats"])
    head = (
        f"{'#':>3}  {seat_role:<6} {word['contract']:<44}"
        + "".join(f"{'P' + str(s):>7}" for s in seats)
        + f"{word['hand']:>8}"
    )
    title = translate(N_("%(game)s: %(count)s deals scored")) % {
        "game": translate(RULESETS[state.ruleset].label) if translate is not N_ else state.ruleset.capitalize(),
        "count": sheet["deals_scored"],
    }
    lines = [title, head, "-" * len(head)]
    for row, record in zip(sheet["rows"], state.deals):
        label = row["label"]
        if len(label) > 44:
            label = label[:41] + "..."
        if row["scored"]:
            cells = "".join(f"{v:>7}" for v in row["scores"]) + f"{row['total']:>8}"
        else:
            cells = f"  {row['end_label'] if translate is not N_ else row['end']}"
            if "cause" in record and translate is N_:
                cells += f": {record['cause']}"  # the record's codes, on the command line
        lines.append(f"{row['deal']:>3}  P{row['seat']:<5} {label:<44}" + cells)
    lines.append("-" * len(head))
    totals = "".join(f"{v:>7}" for v in sheet["totals"])
    lines.append(f"{'':>3}  {'':<6} {word['totals']:<44}" + totals + f"{sheet['sum']:>8}")
    if sheet["is_over"]:
        lines.append(winner_line(sheet, translate))
    return "\n".join(lines)


def winner_line(sheet, translate):
    winners = ", ".join(f"P{s}" for s in sheet["winners"]) or translate(N_("none"))
    if len(sheet["winners"]) == 1:
        line = translate(N_("Winner: %(names)s (%(result)s)"))
    else:
        line = translate(N_("Winners: %(names)s (%(result)s)"))
    result = sheet["result"] if translate is N_ else translate(GAME_RESULTS.get(sheet["result"], sheet["result"]))
    return line % {"names": winners, "result": result}


# How a game ended (a game_ended event's ``result``), for the sheets' last line.
GAME_RESULTS = {
    "complete": N_("played to the end"),
    "slam": N_("a King slam"),
    "failed_slam": N_("a failed King slam"),
    "cancelled": N_("cancelled"),
}


# What a Kings in the Corner hand's scores count, by the view's ``table["scoring"]`` (any other
# scoring is a card scoring: penalty points).
UNITS = {"chips_pot": N_("net chips"), "pool": N_("net pool units"), "jax": N_("points (the winner takes the pot)")}
PENALTY = N_("penalty points")


def ledger_row(ledger, winner):
    """A chip hand's ledger (a deal record's ``ledger``) for a score sheet row: what each seat
    paid, of which for its cards left, the pot carried in, what the winner took (None for a
    void hand) and, for a void hand, the pot it discarded or carried to the next."""
    pot = ledger["carried"] + sum(ledger["paid"])
    return {
        "paid": [{"paid": p, "cards": c} for p, c in zip(ledger["paid"], ledger["cards"])],
        "carried": ledger["carried"],
        "pot": pot,
        "winner": winner,
        "took": ledger["took"][winner] if winner is not None else None,
        "carry": ledger["carry"],
    }


def layout_score_sheet(state, translate=N_):
    """The score sheet of a game without tricks (Kings in the Corner): the scoring, the target
    and who wins; a row per hand with its dealer, how it ended, and per player the hand's score
    and the running total; the totals and the winner underneath. Only public facts."""
    sheet = score_sheet_rows(state, translate)
    table = state.view(None)["table"]
    scoring = table["scoring"]
    lowest = "penalty_points" in table
    n = sheet["num_seats"]
    if table["target"] is not None:
        end = translate(N_("target %(target)s")) % {"target": table["target"]}
    else:
        end = translate(N_("%(count)s hands")) % {"count": state.deals_in_game}
    title = translate(N_("%(game)s: %(players)s players, %(scoring)s scoring in %(units)s, %(end)s, %(wins)s")) % {
        "game": translate(RULESETS[state.ruleset].label),
        "players": n,
        "scoring": scoring,
        "units": translate(UNITS.get(scoring, PENALTY)),
        "end": end,
        "wins": translate(N_("lowest total wins")) if lowest else translate(N_("highest total wins")),
    }
    word = {key: translate(text) for key, text in WORDS.items()}
    head = f"{'#':>3}  {word['dealer']:<6} {word['hand']:<30}" + "".join(f"{'P' + str(s):>13}" for s in range(n))
    sub = f"{'':>3}  {'':<6} {'':<30}" + f"{word['hand_score']:>7}{word['running_total']:>6}" * n
    scored = translate(N_("Hands scored: %(count)s")) % {"count": sheet["deals_scored"]}
    lines = [title, scored, head, sub, "-" * len(head)]
    running = [0] * n
    for row, record in zip(sheet["rows"], state.deals):
        pot = translate(N_(" (pot %(pot)s)")) % {"pot": record["pot"]} if "pot" in record else ""
        label = row["label"] + pot
        if row["scored"]:
            running = [t + v for t, v in zip(running, row["scores"])]
            cells = "".join(f"{v:>7}{t:>6}" for v, t in zip(row["scores"], running))
        else:
            label = f"{label[:23]} " + translate(N_("(void)"))
            cells = "".join(f"{'-':>7}{t:>6}" for t in running)
        lines.append(f"{row['deal']:>3}  P{row['seat']:<5} {label[:30]:<30}" + cells)
    lines.append("-" * len(head))
    lines.append(f"{'':>3}  {'':<6} {word['totals']:<30}" + "".join(f"{'':>7}{v:>6}" for v in sheet["totals"]))
    if sheet["is_over"]:
        lines.append(winner_line(sheet, translate))
    return "\n".join(lines)
