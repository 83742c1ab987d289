"""What a viewer may see of a game: the one redaction used by the API, the pages and bots.

DESIGN.md 3.5: nobody sees another seat's cards while a deal is live. Once a deal has ended
(or been cancelled) its cards are revealed to the table and the organiser; the public sees
them when the round ends. The callers decide who is who; this module only applies it:

- ``seat``: the viewer's seat (0-3) or None for anyone not seated;
- ``reveal_finished``: whether the viewer may see the cards of deals that are over.

The only hidden facts in the log are the dealt hands: in ``deal_started`` and, for a game of
one fixed deal, in ``game_started``'s board. Cards played are public the moment they are played.
"""

HIDDEN = None  # what stands in for a hand the viewer may not see


def finished_deals(events):
    """Indexes (into ``events``) of the ``deal_started`` events whose deal is over, and
    whether the board in ``game_started`` is revealed (its one deal is over)."""
    finished = set()
    open_deal = None
    board_over = False
    for i, ev in enumerate(events):
        kind = ev.get("type")
        if kind == "deal_started":
            open_deal = i
        elif kind in ("deal_ended", "deal_cancelled"):
            if open_deal is not None:
                finished.add(open_deal)
                open_deal = None
            board_over = True
    return finished, board_over


def _hands_for(hands, seat, revealed):
    if revealed:
        return [list(h) for h in hands]
    return [list(h) if i == seat else HIDDEN for i, h in enumerate(hands)]


def redact_events(events, seat=None, reveal_finished=False, start=0, stop=None):
    """Copies of ``events[start:stop]`` as the viewer may see them.

    ``events`` must be the whole log so far: whether a deal is over depends on later events.
    """
    finished, board_over = finished_deals(events)
    out = []
    for i in range(start, len(events) if stop is None else min(stop, len(events))):
        ev = events[i]
        kind = ev.get("type")
        if kind == "deal_started":
            ev = {**ev, "hands": _hands_for(ev["hands"], seat, reveal_finished and i in finished)}
        elif kind == "game_started" and isinstance(ev.get("board"), dict) and "hands" in ev["board"]:
            board = {**ev["board"], "hands": _hands_for(ev["board"]["hands"], seat, reveal_finished and board_over)}
            ev = {**ev, "board": board}
        else:
            ev = dict(ev)
        out.append(ev)
    return out


def redact_view(state, seat=None, reveal_finished=False):
    """The state as the viewer may see it: ``state.view(seat)`` for a seat, or the public view."""
    return state.view(seat, reveal_finished=reveal_finished)
