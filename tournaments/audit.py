"""Checking a whole tournament from its streams (the arbiter's report; see games/record/audit.py).

Beyond each match's own checks: the tournament stream's chain, head and head seal; the
tournament seed against its commitment; each match's seed derived from the tournament seed
(its cards are the event's, not anyone's choice); each recorded result equal to the replayed
match's scores and the drawn seating; the stored standings equal to a rebuild from the
events; the root hash. A result's ``taken_over`` (the seats a house bot held at the match's
end, which the ratings count as forfeits) must equal the match's own hand-overs.
"""

import hashlib

from django.utils.translation import gettext

from games.record import eventlog
from games.record.audit import Finding, check_stream, read_stream, report, verify_match_and_replay
from games.service import hand_overs

from . import read
from . import standings as folds
from .models import StandingsCheckpoint, TournamentTable
from .service import rounds


def verify_tournament(tournament):
    stream_read = read_stream(type(tournament), tournament.pk)
    tournament, rows = stream_read.row, stream_read.rows
    findings = check_stream(tournament.stream, stream_read)
    seed = bytes.fromhex(tournament.seed)
    created = rows[0].payload.get("seed_sha256") if rows else None
    ok = hashlib.sha256(seed).hexdigest() == tournament.seed_sha256 == created
    findings.append(
        Finding(
            "seed",
            tournament.stream,
            ok,
            gettext("the seed matches the commitment published when the tournament was created")
            if ok
            else gettext("the seed does not hash to the commitment published when the tournament was created"),
            None if ok else 1,
        )
    )
    states, taken = {}, {}
    for table in (
        TournamentTable.objects.filter(tournament=tournament)
        .select_related("match")
        .order_by("round", "table", "replay")
    ):
        match = table.match
        if match.entered:
            # A table with real cards deals at the table: no seed to derive; its entries are
            # checked by the replay below like any match's moves.
            message = gettext("round %(round)s table %(table)s: played with real cards, its deals entered")
            where = {"round": table.round, "table": table.table}
            findings.append(Finding("deal_seed", match.stream, True, message % where, None))
        elif match.board is None:
            derived = rounds.match_seed(
                seed, tournament.pk, table.round, table.table, table.board or None, table.replay
            )
            ok = derived.hex() == match.seed
            findings.append(Finding("deal_seed", match.stream, ok, deal_seed_message(table, ok), None if ok else 1))
        match_findings, states[match.pk] = verify_match_and_replay(match)
        taken[match.pk] = hand_overs.seats_taken_over(match)
        findings += match_findings
    findings += check_results(tournament, rows, states, taken)
    findings.append(check_standings(tournament, rows))
    return report(findings, tournament=tournament.pk, root_hash=read.root_hash(tournament))


def deal_seed_message(table, ok):
    """What the deal_seed check found for ``table``, in the language active now."""
    if not ok:
        return gettext("the match's seed is not the one derived from the tournament seed")
    where = {"round": table.round, "table": table.table, "replay": table.replay}
    if table.replay:
        message = gettext(
            "round %(round)s table %(table)s replay %(replay)s: the match's seed is derived from the tournament seed"
        )
    else:
        message = gettext("round %(round)s table %(table)s: the match's seed is derived from the tournament seed")
    return message % where


def check_results(tournament, rows, states, taken):
    """Each match_result against the replayed match and the seating drawn for it (a replay
    ordered by a ruling is drawn with the seats of the match it replaces), and its
    ``taken_over`` against the match's hand-overs (``taken``: seats by match id; a result
    written before the field has none to check)."""
    seating = {}
    findings = []
    for row in rows:
        if row.type == "round_started":
            for table in row.payload["tables"]:
                seating[table["match"]] = table["seats"]
        elif row.type == "ruling" and row.payload.get("kind") == "replay_match":
            seating[row.payload["replacement"]] = seating.get(row.payload["match"])
        elif row.type == "match_result":
            match = row.payload["match"]
            state = states.get(match)
            if state is None or not state.is_over:
                problem = gettext("the match did not verify or is not over")
            elif list(state.scores) != row.payload["scores"]:
                problem = gettext("recorded scores: %(recorded)s; replayed: %(replayed)s") % {
                    "recorded": ", ".join(str(score) for score in row.payload["scores"]),
                    "replayed": ", ".join(str(score) for score in state.scores),
                }
            elif seating.get(match) != row.payload["seats"]:
                problem = gettext("the seats differ from the round's draw")
            elif "taken_over" in row.payload and row.payload["taken_over"] != taken.get(match):
                problem = gettext(
                    "the seats a house bot held at the end (%(recorded)s) differ from the match's log (%(logged)s)"
                ) % {
                    "recorded": ", ".join(str(seat) for seat in row.payload["taken_over"]) or "-",
                    "logged": ", ".join(str(seat) for seat in taken.get(match) or ()) or "-",
                }
            else:
                problem = None
            findings.append(
                Finding(
                    "result",
                    tournament.stream,
                    problem is None,
                    problem or gettext("match %(match)s: the scores equal the replayed match's") % {"match": match},
                    row.version,
                )
            )
    return findings


def check_standings(tournament, rows):
    """The stored checkpoint, folded forward to the rows read (as the projection would), against
    a rebuild of the same rows; a checkpoint already past them is compared at its own version."""
    checkpoint = StandingsCheckpoint.objects.filter(tournament=tournament).first()
    stored_version = checkpoint.version if checkpoint else 0
    if stored_version > len(rows):
        rows = eventlog.stream_events(tournament.stream)[:stored_version]
    events = [eventlog.as_engine_event(r) for r in rows]
    stored = folds.from_checkpoint(checkpoint.value) if stored_version else folds.empty()
    for event in events[stored_version:]:
        stored = folds.fold(stored, event)
    ok = folds.ranking(stored) == folds.ranking(folds.rebuild(events))
    return Finding(
        "standings",
        tournament.stream,
        ok,
        gettext("the stored standings equal a rebuild from the events")
        if ok
        else gettext("the stored standings differ from a rebuild from the events"),
    )
