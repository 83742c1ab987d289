"""The rulings as the public pages show them (docs/tournaments.md, "Calling the director"):
the tournament page's "Rulings" and a match's score sheet. Each ruling with its round, table,
reason and author, and what it changed, worked out by folding the tournament's stream as the
standings do (tournaments/standings.py): each seat's game score at that table before and after.

A ruling the standings count is made on a recorded result, and a shared board's results are
recorded only once no table plays it, so it tells no closed room anything. A seat given back
(``seat_returned``) is ruled on a live match: while a table still plays its board, its reason
is withheld here (docs/api.md "Closed rooms").
"""

from django.utils.translation import gettext_lazy as _

from games.models import Match
from games.record import eventlog
from games.service import access

from . import standings as folds
from .models import TournamentTable

KINDS = {
    "adjust_score": _("Adjusted score"),
    "annul_match": _("Match annulled"),
    "replay_match": _("Match replayed on new cards"),
    "penalty": _("Penalty"),
    "return_seat": _("Seat given back"),
}
OFFENCES = {"revoke": _("revoke"), "slow_play": _("slow play"), "other": _("other")}


def _name(standings, entrant_id):
    entrant = standings.entrants.get(entrant_id)
    return entrant.name if entrant is not None else str(entrant_id)


def _table_of(standings, match_id):
    """(round, table, seats) of ``match_id`` as drawn, replays included; None if never drawn."""
    for round_ in standings.rounds.values():
        for table in (*round_.tables, *round_.replays):
            if table.match == match_id:
                return round_.number, table.table, table.seats
    return None


def _changes(standings, before, after):
    """Each seat whose game score the ruling moved: name, seat, before and after."""
    return [
        {"seat": seat, "name": _name(standings, entrant), "before": old, "after": new}
        for seat, (entrant, old, new) in enumerate(zip(before.seats, before.scores, after.scores))
        if old != new
    ]


def shown_rulings(tournament, match_id=None):
    """The tournament's rulings (on ``match_id`` alone when given), oldest first, as dicts:
    ``version``, ``recorded_at``, ``kind`` and its ``label``, ``match``, ``round``, ``table``,
    ``reason`` (None while withheld), ``author``, and what changed: ``changes`` (seats' game
    scores before and after), ``annulled``, ``replacement`` (a replay's new match), ``seat`` and
    ``name`` (a penalty's or a seat given back), ``offence``, ``points``."""
    standings, shown = folds.empty(), []
    rows = eventlog.stream_events(tournament.stream)
    for row in rows:
        event, before = eventlog.as_engine_event(row), None
        if row.type == "ruling":
            before = standings.results.get(row.payload.get("match"))
        try:
            standings = folds.fold(standings, event)
        except ValueError:
            continue  # the stream's own verification reports it (tournaments.audit); nothing to show
        if row.type not in ("ruling", "seat_returned"):
            continue
        match = row.payload.get("match")
        if match_id is not None and match != match_id:
            continue
        where = _table_of(standings, match)
        kind = row.payload.get("kind") if row.type == "ruling" else "return_seat"
        item = {
            "version": row.version,
            "recorded_at": row.recorded_at,
            "kind": kind,
            "label": KINDS.get(kind, kind),
            "match": match,
            "round": where[0] if where else None,
            "table": where[1] if where else None,
            "reason": row.payload.get("reason"),
            "author": row.payload.get("author"),
            "changes": [],
            "annulled": False,
            "replacement": row.payload.get("replacement"),
            "offence": OFFENCES.get(row.payload.get("offence")),
            "points": row.payload.get("points"),
            "seat": row.payload.get("seat"),
            "name": None,
        }
        if where and isinstance(item["seat"], int) and 0 <= item["seat"] < len(where[2]):
            item["name"] = _name(standings, where[2][item["seat"]])
        if row.type == "ruling" and before is not None:
            after = standings.results.get(match)
            item["changes"] = _changes(standings, before, after) if after is not None else []
            item["annulled"] = after is not None and after.annulled and not before.annulled
        else:
            item["reason"] = withheld_while_in_play(match, item["reason"])
        shown.append(item)
    return shown


def withheld_while_in_play(match_id, reason):
    """A live match's ruling keeps its reason to itself while a table still plays its board."""
    match = Match.objects.filter(pk=match_id).first()
    return None if match is None or access.cards_still_in_play(match) else reason


def tournament_of_match(match):
    """The tournament table of ``match``, or None (not a tournament's match)."""
    if not match.event.startswith("tournament/"):
        return None
    return TournamentTable.objects.select_related("tournament").filter(match=match).first()
