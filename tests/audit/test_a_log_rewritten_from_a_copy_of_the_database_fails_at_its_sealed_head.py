"""A copy of the database alone is not enough to rewrite history unseen.

The hash chain proves each event against the one before it; a forger holding the database can
still change an event and recompute every later hash and the match's head. Each append also
seals the head with a key that is not in the database (games.record.eventlog.head_seal): without it
the rewritten log fails verification at its head, with a message that says so.
"""

import pytest

from games.models import Match
from games.record import eventlog
from games.record.audit import verify_match
from tests.audit.planting import rewrite, seal
from tests.fixtures.people import body, client_for
from tournaments.audit import verify_tournament
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
FORGED = {"actor": "user:999", "command": "forged"}


def failed(findings):
    return [(f.check, f.version, f.message) for f in findings if not f.ok]


def rewritten_match(play):
    """A finished match whose event 5 now names another actor, every later hash and the match
    row's head recomputed: the chain and the head hold again."""
    match = play()
    head_hash = rewrite(match.stream, 5, FORGED)
    Match.objects.filter(pk=match.pk).update(head_hash=head_hash)
    match.refresh_from_db()
    assert eventlog.check_chain(eventlog.stream_events(match.stream)) is None
    return match


def test_an_untouched_match_has_its_head_sealed(play):
    match = play()
    findings = verify_match(match)
    assert not failed(findings)
    seal_check = next(f for f in findings if f.check == "seal")
    assert f"the head at version {match.version} is sealed" in seal_check.message


def test_a_rewritten_log_with_its_hashes_recomputed_fails_at_its_head(play, players):
    match = rewritten_match(play)
    [(check, version, message)] = failed(verify_match(match))
    assert (check, version) == ("seal", match.version)
    assert "rewritten" in message
    report = body(client_for(players[0]).get(f"/api/v1/matches/{match.pk}/verify/"))
    assert not report["ok"] and [c["check"] for c in report["checks"] if not c["ok"]] == ["seal"]


def test_a_forger_who_rewrites_the_sealed_head_too_fails_without_the_key(play):
    match = rewritten_match(play)
    seal(match.stream, match.version, match.head_hash, b"a key the forger made up")
    [(check, version, message)] = failed(verify_match(match))
    assert (check, version) == ("seal", match.version)
    assert "without the seal key" in message


def test_the_seal_key_comes_from_the_settings(play, settings):
    """Sealed under the key derived from SECRET_KEY; with EVENT_HEAD_SEAL_KEY set to another
    key the same heads no longer verify (rotating the key needs the heads sealed anew)."""
    match = play()
    assert not failed(verify_match(match))
    settings.EVENT_HEAD_SEAL_KEY = "another key"
    assert [(c, v) for c, v, _ in failed(verify_match(match))] == [("seal", match.version)]


def test_only_the_key_holder_can_seal_a_rewritten_head(play):
    """What the seal proves: the head was written by someone holding the key, the site."""
    match = rewritten_match(play)
    seal(match.stream, match.version, match.head_hash, eventlog.seal_key())
    assert not failed(verify_match(match))


def test_a_rewritten_tournament_stream_fails_at_its_sealed_head(finished_tournament):
    tournament, _ = finished_tournament
    head_hash = rewrite(tournament.stream, 2, FORGED)
    Tournament.objects.filter(pk=tournament.pk).update(head_hash=head_hash)
    tournament.refresh_from_db()
    report = verify_tournament(tournament)
    assert [(c["check"], c["stream"], c["version"]) for c in report["checks"] if not c["ok"]] == [
        ("seal", tournament.stream, tournament.version)
    ]
