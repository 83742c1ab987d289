"""What a viewer may see of a game: the one redaction used by the API, the pages and bots.

docs/architecture.md §3.5: nobody sees another seat's cards while a deal is live. Once a deal has ended
(or been cancelled) its cards are revealed to the table and the organiser; the public sees
them when the round ends. The callers decide who is who; this module only applies it:

- ``seat``: the viewer's seat (0 to n-1) or None for anyone not seated;
- ``reveal_finished``: whether the viewer may see the cards of deals that are over.

Hidden information belongs to the ruleset: its descriptor declares every event type a match
may log either public (``public_events``: shown whole) or private (``private_events``: carrying
cards only some viewers may see), each private type with the function that hides its private
fields and says for whom. The card games share the two of games/engine/hiders.py:

- ``game_started`` (a game of one fixed deal, ``hide_board``): the board's ``hands``, each to
  its own seat, and the board's ``stock`` (Kings in the Corner) to nobody;
- ``deal_started`` (``hide_deal``): the dealt ``hands``, each to its own seat, and the ``stock``
  to nobody;

and a game adds its own beside its code (Kings in the Corner's ``card_drawn``: the card, to the
seat that drew it). Every private field is revealed, like a dealt hand, when the deal it belongs
to is over (for viewers with ``reveal_finished``). Cards played are public the moment they are
played.

Redaction fails closed: an event of a type its ruleset does not declare is shown as its type
alone (``withheld``), to every viewer, whatever their rights; the platform refuses to append
such an event in the first place (games.record.eventlog's ``declared``).
"""

DEAL_OPENS = "deal_started"  # each deal opens with it; deals follow one another, never nested


def finished_deals(events):
    """Indexes (into ``events``) of the ``deal_started`` events whose deal is over, and
    whether the deal open before the first of them is over: the board of ``game_started``
    (a game of one fixed deal), or, when ``events`` is the log from some version on, the deal
    that was open there. Either is over once any deal ends after it, since deals never nest."""
    finished = set()
    open_deal = None
    board_over = False
    for i, ev in enumerate(events):
        kind = ev.get("type")
        if kind == DEAL_OPENS:
            open_deal = i
        elif kind in ("deal_ended", "deal_cancelled"):
            if open_deal is not None:
                finished.add(open_deal)
                open_deal = None
            board_over = True
    return finished, board_over


def withheld(ev):
    """What any viewer sees of an event nobody declared: that it happened, nothing it holds."""
    return {"type": ev.get("type")}


def _declared(events, ruleset=None):
    """(public types, {private type: its hider}) of the log's ruleset: ``ruleset``, else the one
    its game_started names. A window of events without it (an action's new events) and no
    ruleset named: every ruleset's declarations together, a type shown whole only if no ruleset
    keeps it private."""
    from .rulesets import RULESETS

    name = ruleset if ruleset is not None else (events[0].get("ruleset") if events else None)
    game = RULESETS.get(name) if isinstance(name, str) else None
    if game is not None:
        return frozenset(game.public_events), dict(game.private_events)
    private = {kind: hide for g in RULESETS.values() for kind, hide in g.private_events.items()}
    public = frozenset(kind for g in RULESETS.values() for kind in g.public_events) - set(private)
    return public, private


def redact_events(events, seat=None, reveal_finished=False, start=0, stop=None, ruleset=None):
    """Copies of ``events[start:stop]`` as the viewer may see them.

    ``events`` must run to the log's head: whether a deal is over depends on later events. It
    may start anywhere (a reader of the events after a version reads only those): an event
    before the first deal opening in ``events`` belongs to the deal open where they start
    (finished_deals). ``ruleset`` names the game when ``events`` does not start with its
    game_started.
    """
    public, private = _declared(events, ruleset)
    finished, board_over = finished_deals(events)
    out = []
    deal = None  # the index of the deal_started that opened the deal an event belongs to
    end = len(events) if stop is None else min(stop, len(events))
    for i in range(end):
        ev = events[i]
        kind = ev.get("type")
        if kind == DEAL_OPENS:
            deal = i
        if i < start:
            continue
        if kind in public:
            out.append(dict(ev))
            continue
        hide = private.get(kind)
        if hide is None:
            out.append(withheld(ev))  # fails closed: declared by nobody
            continue
        over = board_over if deal is None else deal in finished
        out.append(hide(ev, seat, reveal_finished and over))
    return out


def redact_view(state, seat=None, reveal_finished=False):
    """The state as the viewer may see it: ``state.view(seat)`` for a seat, or the public view."""
    return state.view(seat, reveal_finished=reveal_finished)
