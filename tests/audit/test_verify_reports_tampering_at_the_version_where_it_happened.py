"""verify_match (command and API) finds a tampered log and names the event version.

The append-only triggers refuse raw SQL changes; to tamper at all, a test lifts them, as an
intruder with the database owner's rights could.
"""

import io

import pytest
from django.core.management import call_command
from django.db import connection

from games.models import Event, Match
from games.record import eventlog, triggers
from games.service import creating, states
from tests.fixtures.bots import run_until_over
from tests.fixtures.people import body, client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished_match(make_bot):
    match = creating.do_create_match(
        "king", {"quick_game_combined_negatives": True}, [make_bot(name=f"b{i}") for i in range(4)]
    )
    run_until_over(match)
    match.refresh_from_db()
    return match


@pytest.fixture
def tamper():
    triggers.remove(connection)
    yield
    triggers.install(connection)


def failures(match, players):
    """The failed checks as (check, version), from the command and from the API, which must agree."""
    out = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("verify_match", str(match.pk), stdout=out)
    assert exited.value.code == 1 and "FAIL" in out.getvalue()
    report = body(client_for(players[0]).get(f"/api/v1/matches/{match.pk}/verify/"))
    assert report["ok"] is False
    return [(c["check"], c["version"]) for c in report["checks"] if not c["ok"]]


def plays(match):
    return list(Event.objects.filter(stream=match.stream, type="play").order_by("version"))


def test_an_untouched_match_passes_every_check(finished_match, players):
    out = io.StringIO()
    call_command("verify_match", str(finished_match.pk), stdout=out)
    assert "all checks pass" in out.getvalue()
    report = body(client_for(players[0]).get(f"/api/v1/matches/{finished_match.pk}/verify/"))
    assert report["ok"] and {c["check"] for c in report["checks"]} == {"chain", "head", "seal", "end", "seed", "rules"}


def test_a_changed_payload_breaks_the_chain_at_its_version(finished_match, players, tamper):
    target = plays(finished_match)[5]
    forged = "AS" if target.payload["card"] != "AS" else "KS"  # always a different card
    Event.objects.filter(pk=target.pk).update(payload={**target.payload, "card": forged})
    assert ("chain", target.version) in failures(finished_match, players)


def test_a_deleted_event_is_found_at_its_version(finished_match, players, tamper):
    target = plays(finished_match)[3]
    Event.objects.filter(pk=target.pk).delete()
    assert failures(finished_match, players)[0] == ("chain", target.version + 1)


def test_a_reordered_pair_is_found_at_the_first_of_the_two(finished_match, players, tamper):
    a, b = plays(finished_match)[7:9]
    Event.objects.filter(pk=a.pk).update(version=999_999)
    Event.objects.filter(pk=b.pk).update(version=a.version)
    Event.objects.filter(pk=a.pk).update(version=b.version)
    assert failures(finished_match, players)[0] == ("chain", a.version)


def test_a_deleted_last_event_is_found_by_the_head_check(finished_match, players, tamper):
    """At the last version still stored: the failure names an event that is there to look at."""
    Event.objects.filter(stream=finished_match.stream, version=finished_match.version).delete()
    assert ("head", finished_match.version - 1) in failures(finished_match, players)


def test_a_forged_play_with_its_chain_rebuilt_is_caught_by_the_rules(finished_match, players, tamper):
    """An intruder who re-hashes the chain after changing a card still fails the engine's replay,
    at the forged play itself when the card was not the player's to play (and, without the
    seal key, the head seal)."""
    target = plays(finished_match)[0]
    rows = eventlog.stream_events(finished_match.stream)
    before = states.match_state(finished_match, rows[: target.version - 1])
    other = before.hand((target.payload["seat"] + 1) % 4)[0]  # a card the player did not hold
    prev = target.prev_hash
    for row in rows[target.version - 1 :]:
        payload = {**row.payload, "card": other} if row.pk == target.pk else row.payload
        doc = eventlog.event_document(row.stream, row.version, row.type, payload, row.metadata, row.recorded_at)
        digest = eventlog.chain_hash(prev, doc)
        Event.objects.filter(pk=row.pk).update(payload=payload, prev_hash=prev, hash=digest)
        prev = digest
    Match.objects.filter(pk=finished_match.pk).update(head_hash=prev)
    finished_match.refresh_from_db()
    assert failures(finished_match, players) == [("seal", finished_match.version), ("rules", target.version)]


def test_a_match_that_does_not_exist_is_refused(db):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError):
        call_command("verify_match", "999999")


def test_a_live_match_that_moves_on_while_it_is_checked_is_checked_as_it_stood(make_bot, players):
    """Events a writer appends after the match row was read are not reported as a broken head."""
    match = creating.do_create_match("king", {}, [make_bot(name=f"l{i}") for i in range(4)])
    assert match.status == "live"
    state = states.match_state(match)
    action = state.legal_actions()[0]
    produced = state.apply(action)
    # the in-flight writer: its events are in the stream, the match row not yet moved on
    eventlog.append(match.stream, match.version, produced, {"actor": "test"})
    report = body(client_for(players[0]).get(f"/api/v1/matches/{match.pk}/verify/"))
    assert report["ok"], report
