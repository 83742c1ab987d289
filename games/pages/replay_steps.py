"""A finished public match replayed as a spectator saw it, one event at a time (issue 19: the
home page's demo is the table replaying itself).

The view at each version is the engine's replay of the log up to it, redacted by the one
redaction function (``redact_view``) for no seat: a spectator. Only a public match (over, and
its cards released: games.service.access.is_public) is replayed here, so a spectator sees at most
what the audit page shows anyone, and never a card of a live deal.
"""

from games.engine.redact import redact_view
from games.errors import ServiceError
from games.record import eventlog
from games.service import access, states


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
