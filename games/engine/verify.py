"""Re-check a whole event log against the rules (used by ``replay(events, verify=True)``), for
every ruleset.

Every decision is applied again through ``apply``, so it must be legal where it stands, and the
automatic events that follow it must be exactly those in the log. Deals are re-derived from
the seed when it is given (proving the shuffle); without it the logged deals are taken, after
the ruleset checks that each holds its whole pack (``logged_deal``).
"""

from .errors import EngineError, InvalidBoard, InvalidEvents


def verify_log(state, events, decisions, logged_deal):
    """Verify ``events`` into the blank ``state``. ``decisions``: the event types a seat decides
    (the ruleset's action types); ``logged_deal(event)``: a logged ``deal_started`` as the
    state's deal feed returns a deal, raising InvalidBoard when it is not a whole pack."""
    events = list(events)
    if state.seed is None:
        logged = iter([e for e in events if isinstance(e, dict) and e.get("type") == "deal_started"])

        def feed(deal_key):
            try:
                ev = next(logged)
            except StopIteration:
                raise InvalidEvents("the log ends where a deal should follow", code="truncated_log") from None
            try:
                return logged_deal(ev)
            except InvalidBoard as e:
                raise InvalidEvents(e.message, code="invalid_deal") from e

        state._deal_feed = feed
    start = events[0]
    if state.seed is not None and state.board is None:
        expected = state._first_game_facts()
        for k, v in expected.items():
            if start.get(k) != v:
                raise InvalidEvents(
                    f"game_started says {k}={start.get(k)!r}; the seed gives {v!r}", code="mismatch", index=0
                )
    state._record(start)
    produced = []
    state._run_automatic(produced)
    i = _compare(events, 1, produced)
    while i < len(events):
        ev = events[i]
        if not isinstance(ev, dict) or ev.get("type") not in decisions:
            raise InvalidEvents(
                f"event {i} ({_kind(ev)}) is not a decision, but a seat was to decide here",
                code="unexpected_event",
                index=i,
            )
        if ev.get("seat") != state.to_act:
            raise InvalidEvents(
                f"event {i}: seat {ev.get('seat')!r} acted, but seat {state.to_act} was to act",
                code="out_of_turn",
                index=i,
            )
        action = {k: v for k, v in ev.items() if k != "seat"}
        try:
            produced = state.apply(action)
        except EngineError as e:
            raise InvalidEvents(f"event {i} breaks the rules: {e.message}", code="illegal_event", index=i) from e
        i = _compare(events, i, produced)
    state._deal_feed = None
    return state


def _compare(events, i, produced):
    for k, ev in enumerate(produced):
        if i + k >= len(events):
            # A log may end anywhere after a decision: the automatic events are the engine's to add.
            raise InvalidEvents(
                f"the log ends at event {i + k}; the rules continue with {ev['type']}",
                code="truncated_log",
                index=i + k,
                expected=ev,
            )
        if events[i + k] != ev:
            raise InvalidEvents(
                f"event {i + k} ({_kind(events[i + k])}) differs from what the rules produce ({ev['type']})",
                code="mismatch",
                index=i + k,
                expected=ev,
            )
    return i + len(produced)


def _kind(ev):
    return ev.get("type") if isinstance(ev, dict) else type(ev).__name__
