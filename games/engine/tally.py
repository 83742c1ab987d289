"""Score tables: games played with real cards, their deals entered as outcomes (docs/architecture.md §3.9).

A score table is a game of any ruleset started by ``new_score_table``: no seed, no cards, and
the seat who deals (or declares) first given by the table. Each deal is entered whole, as the
players say it: the contract and what each seat took (or, in a shedding game, the cards left).
The ruleset checks an entry with the rules it plays by (the contracts a chooser has left, the
counts four hands of a pack can produce) and scores it with the same functions that score a
deal played card by card; the state then goes on exactly as after a played deal. Nothing here
knows a game: each state class supplies ``_check_entry`` (an entry, checked and normalised, or
an IllegalAction) and ``_fold_enter``.

Four actions, each logged as its own event (no seat: the table enters them):

- ``{"type": "enter", "deal": n, ...}`` the next deal's outcome (the ruleset's fields);
- ``{"type": "correct", "deal": k, "entry": {...}, "reason": "..."}`` replaces an entered deal;
  the whole sheet is checked again with it, so a correction that leaves a later deal impossible
  (a contract used twice) is refused;
- ``{"type": "undo", "deal": n}`` withdraws the last entered deal;
- ``{"type": "finish"}`` once every deal is entered: the game ends as a played one does.

A correction or an undo rebuilds the state from the entries in force (``rebuild``): the log is
append-only, so a replay folds the same events to the same state.
"""

from typing import Any

from .errors import IllegalAction, InvalidOptions

# game_started["entry"] of a score table.
TABLE: str = "table"
TABLE_ACTIONS: dict[str, tuple[str, ...]] = {
    "enter": ("deal",),  # and the ruleset's entry fields (``ENTRY_FIELDS`` of its state class)
    "correct": ("deal", "entry", "reason"),
    "undo": ("deal",),
    "finish": (),
}
REASON_MAX = 200  # characters of a correction's reason


def start(cls: Any, options: dict[str, Any], key: str, first: Any) -> Any:
    """A new score table of the state class ``cls`` with resolved ``options``: its game_started
    event (no seed: nothing is dealt here) and the first deal, waiting for its entry."""
    if type(first) is not int or not 0 <= first < cls.table_size(options):
        raise InvalidOptions(
            f"the first seat must be a seat number from 0 to {cls.table_size(options) - 1}, not {first!r}",
            code="invalid_seat",
        )
    cls.check_table_options(options)
    state = cls(options, None, key, None)
    state.entry = True
    start_event = {"type": "game_started", "ruleset": cls.ruleset, "options": dict(options), "key": key}
    start_event["entry"] = TABLE
    start_event.update(cls.table_facts(first))
    state._record(start_event)
    state._run_automatic([])
    return state


def apply(state: Any, action: Any) -> list[dict[str, Any]]:
    """Apply a score table's action (``TABLE_ACTIONS``); returns the events it produced, or
    raises IllegalAction leaving the state as it was."""
    if not state.entry:
        raise IllegalAction("deals are entered only at a score table", code="not_a_score_table")
    if not isinstance(action, dict):
        raise IllegalAction("an action is a JSON object with a 'type'", code="malformed_action")
    kind = action.get("type")
    if state.is_over:
        raise IllegalAction("the game is over; no more entries are possible", code="game_over")
    if kind == "enter":
        event = _checked_entry(state, action)
        return _record(state, event)
    if kind == "correct":
        return _record(state, _checked_correction(state, action))
    if kind == "undo":
        _only(action, TABLE_ACTIONS["undo"])
        last = entered(state)
        if not last:
            raise IllegalAction("no deal has been entered yet", code="nothing_to_undo")
        if action.get("deal") != len(last):
            raise IllegalAction(
                f"only the last deal entered (deal {len(last)}) can be withdrawn",
                code="undo_not_last",
                deal=len(last),
            )
        return _record(state, {"type": "undo", "deal": len(last)})
    if kind == "finish":
        _only(action, ())
        if not state.all_entered():
            if state.deals_in_game is None:  # a game played to a target score
                raise IllegalAction(
                    "the game goes on: no total has reached its target yet", code="game_not_decided", deal=state.deal_no
                )
            raise IllegalAction(
                f"deal {state.deal_no} of {state.deals_in_game} is still to be entered",
                code="deals_missing",
                deal=state.deal_no,
                deals=state.deals_in_game,
            )
        return _record(state, {"type": "finish"})
    raise IllegalAction(f"a score table takes enter, correct, undo or finish, not {kind!r}", code="malformed_action")


def preview(state: Any, action: Any) -> list[int]:
    """The points the entry ``action`` (or a correction: the deal's points as corrected) would
    score, per seat, without entering it (the page shows them as they are typed); IllegalAction
    if it would be refused."""
    trial = type(state)(state.options, None, state.key, None)  # a copy, folded from the table's log
    trial.entry = True
    trial.fold_log(list(state.events))
    for event in apply(trial, action):
        if event["type"] == "deal_ended":
            return list(event["scores"])
        if event["type"] == "correct":
            return list(trial.deals[event["deal"] - 1]["scores"] or [0] * state.num_seats)
    return [0] * state.num_seats


def entered(state: Any) -> list[dict[str, Any]]:
    """The entries in force, deal by deal: each ``enter`` as corrected, undone ones left out
    (the state keeps them as its folds of enter, correct and undo leave them)."""
    return state.entries


def rebuild(state: Any) -> None:
    """Fold a fresh table with the entries in force and take its state (after a correction or
    an undo); the log keeps every event, the fresh table's own log is dropped."""
    fresh = blank(state)
    for entry in entered(state):
        fresh._record(dict(entry))
        fresh._run_automatic([])
    log = state.events
    state.adopt(fresh)
    state.events = log


def form_at(state: Any, deal: int) -> dict[str, Any]:
    """The entry form of ``deal`` as it stood before the deal was entered: its chooser and the
    contracts they had left then (what a correction of the deal may name; the correction is
    then checked against the whole sheet, later deals included)."""
    table = blank(state)
    for entry in entered(state)[: deal - 1]:
        table._record(dict(entry))
        table._run_automatic([])
    return table.entry_form()


def blank(state: Any) -> Any:
    """A new table like ``state``, at its first deal."""
    fresh = type(state)(state.options, None, state.key, None)
    fresh.entry = True
    fresh._record(dict(state.events[0]))
    fresh._run_automatic([])
    return fresh


def _checked_entry(state: Any, action: dict[str, Any]) -> dict[str, Any]:
    deal = action.get("deal")
    if type(deal) is not int:
        raise IllegalAction("an entry names its deal by number", code="malformed_action")
    if state.all_entered():
        raise IllegalAction("every deal of the game is entered", code="all_deals_entered", deal=deal)
    if deal != state.deal_no:
        raise IllegalAction(
            f"deal {deal} cannot be entered now; the next deal is {state.deal_no}",
            code="deal_out_of_turn",
            deal=deal,
            expected=state.deal_no,
        )
    fields = {k: v for k, v in action.items() if k not in ("type", "deal")}
    return {"type": "enter", "deal": deal, **state._check_entry(fields)}


def _checked_correction(state: Any, action: dict[str, Any]) -> dict[str, Any]:
    _only(action, TABLE_ACTIONS["correct"])
    entries = entered(state)
    deal, entry, reason = action.get("deal"), action.get("entry"), action.get("reason")
    if type(deal) is not int or not 1 <= deal <= len(entries):
        raise IllegalAction(
            f"only an entered deal can be corrected (1 to {len(entries)})",
            code="correction_unknown_deal",
            deal=deal,
            entered=len(entries),
        )
    if not isinstance(reason, str) or not reason.strip() or len(reason) > REASON_MAX:
        raise IllegalAction(
            f"a correction says why, in 1 to {REASON_MAX} characters", code="correction_reason", most=REASON_MAX
        )
    if not isinstance(entry, dict) or "type" in entry or "deal" in entry:
        raise IllegalAction("'entry' holds the deal's fields, as an entry gives them", code="malformed_action")
    # The sheet again, deal by deal, with the correction in place: each entry is checked where
    # it stands, so a later deal the correction makes impossible is refused with its number.
    trial = blank(state)
    for number, old in enumerate(entries, 1):
        fields = entry if number == deal else {k: v for k, v in old.items() if k not in ("type", "deal")}
        try:
            checked = _checked_entry(trial, {"type": "enter", "deal": number, **fields})
        except IllegalAction as e:
            if number == deal:
                raise
            raise IllegalAction(
                f"with this correction deal {number} is impossible: {e.message}",
                code="correction_breaks_later_deal",
                deal=number,
                cause=e.code,
            ) from e
        if number == deal:
            corrected = {k: v for k, v in checked.items() if k not in ("type", "deal")}
        trial._record(checked)
        trial._run_automatic([])
    return {"type": "correct", "deal": deal, "entry": corrected, "reason": reason.strip()}


def _record(state: Any, event: dict[str, Any]) -> list[dict[str, Any]]:
    out = [event]
    state._record(event)
    state._run_automatic(out)
    return out


def _only(action: dict[str, Any], fields: tuple[str, ...]) -> None:
    extra = [k for k in action if k != "type" and k not in fields]
    if extra:
        raise IllegalAction(f"a {action.get('type')!r} action has no field {extra[0]!r}", code="malformed_action")
