"""Fair, checkable deals (docs/architecture.md §3.4): re-derive every deal of a tournament from its seed.

Once the tournament ends its seed is public. Each match's seed is derived from it (per round
and table, or per board), must hash to the seed_sha256 the match published in its first
event, and must deal exactly the cards of every deal_started in the match's log: the engine's
verified replay re-derives each deal from the seed and compares, card by card.
"""

import hashlib

from django.utils.translation import gettext

from games.record import eventlog
from games.record.audit import check_rules
from games.service import states

from .models import TournamentTable
from .service import rounds


def check_deals(tournament, seed=None):
    """One report row per match: {round, table, match, ok, problem}."""
    seed = bytes.fromhex(tournament.seed) if seed is None else seed
    if hashlib.sha256(seed).hexdigest() != tournament.seed_sha256:
        raise ValueError("the seed does not match the tournament's published seed_sha256")
    rows = []
    for table in (
        TournamentTable.objects.filter(tournament=tournament)
        .select_related("match")
        .order_by("round", "table", "replay")
    ):
        row = {
            "round": table.round,
            "table": table.table,
            "replay": table.replay,
            "match": table.match_id,
            "ok": True,
            "problem": None,
        }
        if table.match.board is not None:
            row["problem"] = gettext("a fixed board: its cards are given, not derived")
        else:
            derived = rounds.match_seed(
                seed, tournament.pk, table.round, table.table, table.board or None, table.replay
            )
            played = [r for r in eventlog.stream_events(table.match.stream) if r.type not in states.PLATFORM_EVENTS]
            finding, _ = check_rules(table.match.stream, played, [eventlog.as_engine_event(r) for r in played], derived)
            if not finding.ok:
                row.update(ok=False, problem=finding.message)
        rows.append(row)
    return rows
