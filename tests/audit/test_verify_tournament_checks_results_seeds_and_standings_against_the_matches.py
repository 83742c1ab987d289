"""verify_tournament: a forged result (its scores, or a seat it says a house bot held), a swapped
match seed or stale standings are each found."""

import pytest
from django.db import connection

from games.models import Event, Match
from games.record import eventlog, triggers
from tests.fixtures.bots import run_until_over
from tournaments import projection, read
from tournaments.audit import verify_tournament
from tournaments.models import StandingsCheckpoint, Tournament, TournamentTable
from tournaments.service import creation, entries, results, rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(organiser, make_bot):
    t = creation.do_create_tournament(organiser, "Checked", "king", {"quick_game_combined_negatives": True}, "swiss", 1)
    for i in range(8):
        entries.do_register(t.pk, organiser, bot=make_bot(name=f"v{i}"))
    rounds.do_start_round(t.pk, organiser)
    for table in TournamentTable.objects.filter(tournament=t):
        run_until_over(table.match)
    results.do_close_round(t.pk, organiser)
    projection.update_standings(t.pk)
    return Tournament.objects.get(pk=t.pk)


def failed(t):
    return [(c["check"], c["stream"], c["version"]) for c in verify_tournament(t)["checks"] if not c["ok"]]


def test_a_clean_event_passes_with_its_root_hash(event):
    report = verify_tournament(event)
    assert report["ok"] and report["root_hash"] == read.root_hash(event)
    checks = {c["check"] for c in report["checks"]}
    assert checks == {"chain", "head", "seal", "end", "seed", "deal_seed", "rules", "result", "standings"}


def forge_result(event, change):
    """Change the first match_result's payload with ``change`` and rebuild the chain after it,
    as a database superuser could: only the checks against the matches can find it."""
    rows = eventlog.stream_events(event.stream)
    forged = next(r for r in rows if r.type == "match_result")
    triggers.remove(connection)
    try:
        prev = forged.prev_hash
        for row in rows[forged.version - 1 :]:
            payload = change(row.payload) if row.pk == forged.pk else row.payload
            doc = eventlog.event_document(row.stream, row.version, row.type, payload, row.metadata, row.recorded_at)
            digest = eventlog.chain_hash(prev, doc)
            Event.objects.filter(pk=row.pk).update(payload=payload, prev_hash=prev, hash=digest)
            prev = digest
        Tournament.objects.filter(pk=event.pk).update(head_hash=prev)
    finally:
        triggers.install(connection)
    event.refresh_from_db()
    return forged


def test_a_forged_result_with_its_chain_rebuilt_fails_the_result_check_at_its_version(event):
    forged = forge_result(event, lambda payload: {**payload, "scores": list(reversed(payload["scores"]))})
    assert ("result", event.stream, forged.version) in failed(event)


def test_a_result_that_hands_a_seat_to_the_house_the_match_never_did_fails_at_its_version(event):
    # Recording a seat as taken over would make it its holder's forfeit in the ratings.
    forged = forge_result(event, lambda payload: {**payload, "taken_over": [0]})
    assert ("result", event.stream, forged.version) in failed(event)
    message = next(c["message"] for c in verify_tournament(event)["checks"] if c["check"] == "result" and not c["ok"])
    assert "the seats a house bot held at the end (0) differ from the match's log (-)" in message


def test_a_match_seed_that_is_not_derived_from_the_tournament_seed_is_found(event):
    table = TournamentTable.objects.filter(tournament=event).first()
    Match.objects.filter(pk=table.match_id).update(seed="00" * 32)
    found = failed(event)
    assert ("deal_seed", f"match/{table.match_id}", 1) in found and ("seed", f"match/{table.match_id}", 1) in found


def test_stored_standings_that_differ_from_a_rebuild_are_found(event):
    checkpoint = StandingsCheckpoint.objects.get(tournament=event)
    value = checkpoint.value
    value["results"] = {}
    StandingsCheckpoint.objects.filter(pk=checkpoint.pk).update(value=value)
    assert ("standings", event.stream, None) in failed(event)
