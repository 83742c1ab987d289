"""The steps of a replay, shared by the replay page (games/pages/replay.py) and the audit page
(games/pages/audit.py): where a deal starts, where each trick (or, in a game without tricks, each
turn) ends, and the links a stepper offers from one event; and a finished public match's table
as a spectator saw it (issue 19: the home page's demo is the table replaying itself).

Nothing here decides who may see what. The steps are read from the log's event types and deal
numbers alone (no card); the view at each step is the engine's replay of the log up to it,
redacted by the one redaction (``redact_view`` here for no seat, a spectator, of a public match;
games.service.access.seat_replay for a seat's eyes). Only a public match (over, and its cards
released: games.service.access.is_public) is replayed as a spectator, so a spectator sees at most
what the audit page shows anyone, and never a card of a live deal.
"""

from django.utils.translation import gettext_lazy

from games.engine import RULESETS
from games.engine.redact import redact_view
from games.errors import ServiceError
from games.record import eventlog
from games.service import access, states

# The unit a stepper moves by besides one event, by the ruleset's layout (its descriptor's
# ``layout``): a trick game steps to the end of the next trick, a game of piles (which has no
# tricks) to the end of the next turn. The event type that closes the unit, the words of its
# buttons (short, and said in full to a screen reader), and what a deal is called.
UNITS = {
    "tricks": {
        "event": "trick",
        "back": gettext_lazy("◀ Trick"),
        "on": gettext_lazy("Trick ▶"),
        "back_long": gettext_lazy("Back to the end of the previous trick"),
        "on_long": gettext_lazy("On to the end of the next trick"),
        "deal": gettext_lazy("Deal %(deal)s"),
    },
    "piles": {
        "event": "turn_ended",
        "back": gettext_lazy("◀ Turn"),
        "on": gettext_lazy("Turn ▶"),
        "back_long": gettext_lazy("Back to the end of the previous turn"),
        "on_long": gettext_lazy("On to the end of the next turn"),
        "deal": gettext_lazy("Hand %(deal)s"),
    },
}
DEAL_BAD = gettext_lazy("deal must be a whole number, such as 1")
DEAL_OUT_OF_RANGE = gettext_lazy("there is no deal %(deal)s: deal is 1 to %(last)s")


def check_replayable(match):
    if access.cards_still_in_play(match):  # another table still plays these cards
        raise ServiceError("board_in_play", match=match.pk)
    if not access.is_public(match):
        raise ServiceError("not_replayable_yet")


def spectator_view(match, version):
    """(the view a spectator had at ``version``, the last version) of a public match."""
    check_replayable(match)
    rows = eventlog.shown_rows(match.stream, match.version)
    if not 1 <= version <= len(rows):
        raise ServiceError("invalid_version", last=len(rows))
    state = states.match_state(match, rows[:version])
    return redact_view(state, None, reveal_finished=True), len(rows)


# ------------------------------------------------------------------ the stepper
def deal_starts(rows):
    """[(deal number, version of its first ``deal_started``)] in the log's order: a Rifki redeal
    repeats its deal's number, and the deal starts where it was first dealt."""
    starts = {}
    for row in rows:
        if row.type == "deal_started":
            deal = (row.payload or {}).get("deal")
            if isinstance(deal, int) and deal not in starts:
                starts[deal] = row.version
    return sorted(starts.items(), key=lambda item: item[1])


def opening_version(rows, last):
    """Where a replay opens when nothing is named: the start of deal 1 (its hands just dealt), or
    the first event of a log that deals none; never past ``last``, the last event one may see."""
    starts = deal_starts(rows)
    return max(1, min(starts[0][1] if starts else 1, last))


def parse_deal(raw):
    """``?deal=``: None when absent, a positive number, else the refusal (400) naming the parameter."""
    if raw in (None, ""):
        return None
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 9):
        raise ServiceError("invalid_input", problem=DEAL_BAD, parameter="deal")
    return int(raw)


def deal_version(rows, deal):
    """The version where deal ``deal`` starts, or the refusal (400) saying which deals there are."""
    starts = dict(deal_starts(rows))
    if deal not in starts:
        last = max(starts) if starts else 0
        raise ServiceError("invalid_input", problem=DEAL_OUT_OF_RANGE, deal=deal, last=last, parameter="deal")
    return starts[deal]


def unit_of(ruleset):
    """The unit a ruleset's stepper moves by (UNITS), by its descriptor's layout."""
    game = RULESETS.get(ruleset)
    return UNITS.get(game.layout if game is not None else "tricks", UNITS["tricks"])


def stepper(rows, ruleset, version, last):
    """Every place a stepper links from ``version``, none past ``last``: first, previous, next
    and last event; the end of the previous and of the next trick (or turn); every deal's start,
    the one ``version`` is in marked. A place that is not there (at the first event, no further
    trick) is None."""
    unit = unit_of(ruleset)
    ends = [r.version for r in rows if r.type == unit["event"] and r.version <= last]
    starts = [(deal, start) for deal, start in deal_starts(rows) if start <= last]
    current = None
    for deal, start in starts:
        if start <= version:
            current = deal
    return {
        "first": 1 if version > 1 else None,
        "previous": version - 1 if version > 1 else None,
        "next": version + 1 if version < last else None,
        "last_link": last if version < last else None,
        "unit": unit,
        "unit_previous": max((v for v in ends if v < version), default=None),
        "unit_next": min((v for v in ends if v > version), default=None),
        "deals": [
            {"number": deal, "version": start, "current": deal == current, "label": unit["deal"] % {"deal": deal}}
            for deal, start in starts
        ],
        "deal": current,
    }
