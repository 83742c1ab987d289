"""A played Kings in the Corner game read back as its table would tell each hand
(docs/architecture.md §3.9): who went out, the cards each player still holds (counted, or their
ranks), the penalties each was charged and the corners each completed with the ace, followed
through the log's own card moves by the rules of docs/rules.md §3 as restated here, never by
the engine's scoring. Which of these a hand is entered with is the table's form
(``entry_form``): a table fills in what its sheet asks."""

CORNERS = ("NE", "SE", "SW", "NW")
JOKERS = ("X1", "X2")


def hands(deals):
    """Each hand of the log (the events from its deal_started), finished or not."""
    out = []
    for event in deals:
        if event["type"] == "deal_started":
            out.append([])
        if out:
            out[-1].append(event)
    return out


def told(events, n):
    """What the table saw in one finished hand: the cards each seat holds at its end, the
    penalties each was charged, the corners each completed, and each seat's turns."""
    held = [list(h) for h in events[0]["hands"]]
    piles = {p: [] for p in ("N", "E", "S", "W", *CORNERS)}
    for pile, cards in events[0]["layout"].items():
        piles[pile] = [cards] if isinstance(cards, str) else list(cards)
    charged, completed, turns = [0] * n, [0] * n, [0] * n
    for e in events[1:]:
        kind = e["type"]
        if kind == "turn_started":
            turns[e["seat"]] += 1
        elif kind == "card_drawn":
            held[e["seat"]].append(e["card"])
        elif kind == "play":
            held[e["seat"]].remove(e["card"])
            shown = e.get("as") or e["card"]
            piles[e["to"]].append(shown)
            completed[e["seat"]] += e["to"] in CORNERS and shown[0] == "A"
        elif kind in ("king_placed", "card_placed"):
            held[e["seat"]].remove(e["card"])
            piles[e["to"]].append(e["card"])
        elif kind == "move":
            moving = piles[e["from"]]
            completed[e["seat"]] += e["to"] in CORNERS and moving[-1][0] == "A"
            piles[e["to"]] += moving
            piles[e["from"]] = []
        elif kind == "layout_king_cornered":
            piles[e["to"]], piles[e["from"]] = piles[e["from"]], [e["refill"]] if e["refill"] else []
        elif kind == "turn_ended":
            charged[e["seat"]] += sum(p["amount"] for p in e["penalties"])
    return held, charged, completed, turns


def entry(form, events, n):
    """The entry a table makes for one finished hand of the log, filling in what ``form`` asks."""
    held, charged, completed, turns = told(events, n)
    empty = [s for s in range(n) if not held[s]]
    assert len(empty) <= 1
    winner = empty[0] if empty else None
    counts = {
        "cards_left": [len(h) for h in held],
        "kings": [sum(c[0] == "K" for c in h) for h in held],
        "jokers": [sum(c in JOKERS for c in h) for h in held],
        "penalties": charged,
        "completions": completed,
    }
    out = {
        "type": "enter",
        "deal": form["deal"],
        "winner": winner,
        "taken": {c["field"]: counts[c["field"]] for c in form["counts"]},
    }
    if form["ranks"] is not None:
        out["ranks"] = [["X" if c in JOKERS else c[0] for c in h] for h in held]
    if form["first_turn"]:
        out["first_turn"] = winner is not None and turns[winner] == 1
    return out
