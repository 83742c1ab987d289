"""The action vocabulary of docs/architecture.md §3.1: the fields of each action type and the frozen
``Action`` dicts that ``legal_actions()`` hands out.

This module stays interpreted when the engine is compiled (``make engine``): ``Action``
subclasses ``dict``, which compiled classes cannot do, and nothing here is on the hot path
except the prebuilt ``PLAY_ACTIONS``.
"""

from .cards import DECK_SET
from .errors import IllegalAction

# The fields each action type may carry besides "type" (docs/architecture.md §3.1).
ACTION_FIELDS = {
    "play": ("card",),
    "contract": ("name", "suit"),
    "bid": ("tricks", "direction"),
    "counteroffer": ("tricks", "direction"),
    "choose": ("mode", "trump"),
    "nominate": ("dealer",),
    "match": (),
    "pass": (),
    "open_auction": (),
    "ultimatum": (),
    "take": (),
    "accept": (),
    "decline": (),
    "forfeit": (),
    "cancel": (),
    "declare_slam": (),
}


class Action(dict):
    """An action as ``legal_actions()`` hands it out: a JSON-ready dict that cannot be changed.

    Like pokerkit's frozen operations, the same objects are handed to every caller, so they
    must not be mutated; they compare equal to plain dicts with the same fields.
    """

    __slots__ = ()

    def _frozen(self, *args, **kwargs):
        raise TypeError("actions from legal_actions() are read-only; copy with dict(action) to change one")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _frozen
    __ior__ = _frozen

    def __reduce__(self):
        return (dict, (dict(self),))


PLAY_ACTIONS = {c: Action(type="play", card=c) for c in DECK_SET}


def normalize_action(action, action_fields=ACTION_FIELDS):
    """A copy of ``action`` in canonical form, or IllegalAction if it is not shaped like one.
    ``action_fields``: the ruleset's action types and their fields (the trick games' by default)."""
    if not isinstance(action, dict):
        raise IllegalAction(
            f"an action is a JSON object with a 'type', not {type(action).__name__}", code="malformed_action"
        )
    kind = action.get("type")
    fields = action_fields.get(kind) if isinstance(kind, str) else None
    if fields is None:
        known = ", ".join(sorted(action_fields))
        raise IllegalAction(f"unknown action type {kind!r}; action types are: {known}", code="malformed_action")
    extra = [k for k in action if k != "type" and k not in fields]
    if extra:
        raise IllegalAction(f"a {kind!r} action has no field {extra[0]!r}", code="malformed_action")
    out = {"type": kind}
    for f in fields:
        if f in action:
            out[f] = action[f]
    if kind == "choose" and out.get("mode") == "up":
        out.setdefault("trump", None)  # "up" without a trump means no trump
    if kind == "contract" and "suit" in out and out["suit"] is None:
        del out["suit"]
    return out
