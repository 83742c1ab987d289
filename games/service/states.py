"""A match's state: always the engine's replay of its event stream (nothing here edits a stored
event), kept in a per-process cache for the writers (the action path and bot workers)."""

from collections import OrderedDict

from games import engine
from games.models import PLATFORM_EVENT_TYPES, Event
from games.record import eventlog

# Events the platform adds to a match stream beside the engine's own: a fallback action (a bot's
# fault, a person's timeout), the hand-over of a seat to a house bot, and a ruling that gives a
# person's seat back (issue 19), and a score table's confirmations, disputes and rulings on its
# entries (score_tables.CHECK_EVENTS). The engine never sees them.
PLATFORM_EVENTS = frozenset(PLATFORM_EVENT_TYPES)


def match_state(match, rows=None):
    """The engine state of ``match``: the replay of its stream (with the seed, to deal on)."""
    if rows is None:
        return replay(match, engine_events(match.stream))
    return replay(match, [eventlog.as_engine_event(r) for r in rows if r.type not in PLATFORM_EVENTS])


def replay(match, events):
    seed = bytes.fromhex(match.seed) if match.seed else None
    return engine.replay(events, seed=seed)


def engine_events(stream, upto=None, shown=False):
    """The engine's events of ``stream`` (the platform's left out), up to version ``upto`` when
    given, and with ``shown`` only up to the first ``game_ended`` (as ``eventlog.shown_rows``).
    Only each event's type and payload are read, not whole rows: a replay needs nothing else."""
    rows = Event.objects.filter(stream=stream).order_by("version")
    if upto is not None:
        rows = rows.filter(version__lte=upto)
    events = []
    for kind, payload in rows.values_list("type", "payload"):
        if kind in PLATFORM_EVENTS:
            continue
        events.append({"type": kind, **payload})
        if shown and kind == "game_ended":
            break
    return events


# A per-process cache of states for writers (the action path and bot workers), keyed by match
# and stream head (version and hash). Only a cache: an entry is used only when its head is the
# match's current one, so the log stays the truth; a state is taken out while an action is
# applied to it, under the match's row lock, and put back under the new head. Readers in web
# threads replay afresh instead of sharing an object a writer may be changing.
_STATES = OrderedDict()
_STATES_MAX = 256


def current_state(match):
    """The state at the match's head, from the cache when it holds that head.

    Keyed by the head's hash as well as its version: a match id seen again (a database
    restored or rolled back, as tests do) can never be served another match's state. When the
    cache holds an earlier head of the match (another process played the last actions: with
    several workers, the usual case), only the events since are read and folded in, if their
    chain joins the cached head to the row's.
    """
    head = (match.version, match.head_hash)
    cached = _STATES.get(match.pk)
    if cached is not None and cached[0] == head:
        _STATES.move_to_end(match.pk)
        return cached[1]
    state = caught_up(match, cached) if cached is not None and cached[0][0] < match.version else None
    if state is None:
        # Up to the head the row names (the caller holds a fresh row): rows planted past it are
        # for verify_match to report, not for the next move to be played on.
        state = replay(match, engine_events(match.stream, upto=match.version, shown=True))
    remember(match.pk, head, state)
    return state


def caught_up(match, cached):
    """The cached state of an earlier head with the events since folded in, or None (then the
    stream is replayed whole) when their chain does not run from that head to the row's, or
    the cached game had ended (whatever follows its end is not shown)."""
    (version, digest), state = cached
    if state.is_over or _STATES.pop(match.pk, None) is not cached:
        return None  # taken out first: no other thread folds into the same object
    rows = eventlog.chain_since(match.stream, version, match.version)
    if len(rows) != match.version - version:
        return None
    for _kind, _payload, prev_hash, row_hash in rows:
        if prev_hash != digest:
            return None
        digest = row_hash
    if digest != match.head_hash:
        return None
    new = [{"type": kind, **payload} for kind, payload, _, _ in rows if kind not in PLATFORM_EVENTS]
    if any(event["type"] == "game_ended" for event in new[:-1]):
        return None  # events past the end: as shown_rows, the whole replay leaves them out
    try:
        return state.fold_on(new)
    except engine.InvalidEvents:
        return None


def remember(match_id, head, state):
    _STATES[match_id] = (head, state)
    _STATES.move_to_end(match_id)
    while len(_STATES) > _STATES_MAX:
        _STATES.popitem(last=False)


def taken_state(match):
    """The state at the locked match's head, taken out of the cache: it is about to change, and
    goes back under its new head once written (playing.write_moves)."""
    state = current_state(match)
    _STATES.pop(match.pk, None)
    return state
