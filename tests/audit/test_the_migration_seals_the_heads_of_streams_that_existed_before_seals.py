"""Migration games.0007 seals the heads of the streams a database already holds, as each
append seals them from then on: a match stream at the head its row names (rows stored past it
are not blessed by the seal, and verification still reports them), any other stream at its
last event."""

import importlib

import pytest
from django.apps import apps

from games.models import StreamHead
from games.record import eventlog
from games.record.audit import verify_match
from tests.audit.planting import plant
from tournaments.audit import verify_tournament

pytestmark = pytest.mark.django_db
MIGRATION = importlib.import_module("games.migrations.0007_stream_head_replace_guard")


def test_existing_heads_are_sealed_and_verify(play, finished_tournament):
    tournament, matches = finished_tournament
    match = play()
    StreamHead.objects.all().delete()  # as before the migration: no stream sealed
    assert [f.check for f in verify_match(match) if not f.ok] == ["seal"]

    MIGRATION.seal_heads(apps, None)

    streams = {match.stream, tournament.stream, *(m.stream for m in matches)}
    assert set(StreamHead.objects.values_list("stream", flat=True)) == streams
    assert all(eventlog.seal_holds(sealed) for sealed in StreamHead.objects.all())
    assert all(f.ok for f in verify_match(match))
    assert verify_tournament(tournament)["ok"]


def test_rows_past_a_match_rows_head_are_not_sealed_by_it(play):
    match = play()
    planted = plant(match.stream, [{"type": "play", "seat": 0, "card": "AS"}])
    StreamHead.objects.all().delete()

    MIGRATION.seal_heads(apps, None)

    sealed = StreamHead.objects.get(stream=match.stream)
    assert (sealed.version, sealed.hash) == (match.version, match.head_hash)
    assert ("head", planted[0].version) in [(f.check, f.version) for f in verify_match(match) if not f.ok]
