"""What a correction may name (docs/architecture.md §3.9): ``correction_form(state, k)`` is deal
k's entry form as it stood before deal k was entered, whatever was entered after it."""

from games.engine import correction_form, new_score_table


def entry(form, pick=0):
    offered = form["contracts"][pick]
    contract = {k: offered[k] for k in ("name", "suit") if k in offered}
    taken = {c["field"]: [c["total"], 0, 0, 0] for c in offered["counts"]}
    return {"contract": contract, "taken": taken}


def test_each_deals_choices_are_its_form_before_it_was_entered():
    table = new_score_table("rifki", first=2, options={"short_mode": True})
    forms = []
    for deal in range(1, 7):
        forms.append(table.entry_form())
        table.apply({"type": "enter", "deal": deal, **entry(forms[-1], pick=deal % 3)})
    for deal, form in enumerate(forms, 1):
        assert correction_form(table, deal) == form
    # A deal's own contract is among its choices, and a contract the chooser used later is too
    # (the correction, not the form, is checked against the later deals).
    assert {"name": "no_tricks", "counts": [{"field": "tricks", "total": 13}]} in correction_form(table, 1)["contracts"]
