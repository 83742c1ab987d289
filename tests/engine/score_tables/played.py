"""A played game read back as a table would enter it: each scored deal's contract and what each
seat took, counted from the deal's tricks by the rules (tests/engine/helpers.py), not by the
engine's scoring."""

from tests.engine.helpers import split_deals, units_taken

FIELD = {
    "no_tricks": "tricks",
    "no_hearts": "hearts",
    "no_queens": "queens",
    "no_men": "men",
    "no_king_of_hearts": "king_of_hearts",
    "no_last_two": "last_two",
}


def entries_of(state):
    """(first seat, entries) for a score table that records ``state``'s scored deals."""
    events = state.events
    start = events[0]
    first = start.get("first_dealer", start.get("first_declarer"))
    played = [d for d in split_deals(events) if any(e["type"] == "deal_ended" for e in d)]
    if first is None:  # dealt to find the first declarer: deal 1 names him
        first = played[0][0].get("declarer", played[0][0].get("dealer"))
    if events[1]["type"] == "nominate":
        first = events[1]["dealer"]
    entries = []
    for number, (record, deal) in enumerate(zip([r for r in state.deals if r["end"] != "cancelled"], played), 1):
        contract = dict(record["contract"])
        tricks = [e for e in deal if e["type"] == "trick"]
        entry = {"type": "enter", "deal": number}
        if contract["name"] == "positive":
            if contract.pop("forfeited", False):
                entry["contract"] = {"name": "positive", "forfeit": True}
                entries.append(entry)
                continue
        if contract["name"] == "trump":
            contract = {"name": "trump", "suit": contract.pop("trump")}
        entry["contract"] = contract
        parts = () if contract["name"] in ("positive", "trump") else contract["name"].split("+")
        taken = {FIELD[p]: units_taken(p, tricks) for p in parts} or {"tricks": units_taken("no_tricks", tricks)}
        entry["taken"] = taken
        entries.append(entry)
    return first, entries


TOTALS = {
    "tricks": [4, 3, 3, 3],
    "hearts": [4, 3, 3, 3],
    "queens": [1, 1, 1, 1],
    "men": [2, 2, 2, 2],
    "king_of_hearts": [0, 1, 0, 0],
    "last_two": [0, 1, 1, 0],
}


def next_entry(table, pick=0, tricks=None):
    """An entry for the table's next deal: its ``pick``-th available contract, with counts."""
    form = table.entry_form()
    offered = form["contracts"][pick % len(form["contracts"])]
    contract = {k: v for k, v in offered.items() if k not in ("counts", "settle")}
    name = contract["name"]
    parts = () if name in ("trump", "positive") else name.split("+")
    if name == "positive":
        contract.update(mode="up", trump=None, bid=None)
    fields = [FIELD[p] for p in parts] or ["tricks"]
    taken = {f: list(TOTALS[f]) for f in fields}
    if tricks is not None and "tricks" in taken:
        taken["tricks"] = tricks
    return {"type": "enter", "deal": form["deal"], "contract": contract, "taken": taken}
