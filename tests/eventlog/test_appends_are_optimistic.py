import pytest

from games.models import Event
from games.record import eventlog


def test_appending_at_a_stale_version_raises_a_conflict_with_the_current_version_and_stores_nothing(append_game):
    append_game(n=2)
    with pytest.raises(eventlog.VersionConflict) as err:
        eventlog.append("match/1", 1, [{"type": "note"}])
    assert err.value.current == 2 and err.value.expected == 1
    assert Event.objects.filter(stream="match/1").count() == 2


def test_appending_ahead_of_the_stream_is_a_conflict_too(db):
    with pytest.raises(eventlog.VersionConflict):
        eventlog.append("match/9", 4, [{"type": "note"}])
    assert not Event.objects.exists()


def test_a_lost_race_on_the_unique_version_becomes_a_conflict(append_game, monkeypatch):
    """Two writers both read version 2; the second insert hits the unique (stream, version)."""
    append_game(n=2)
    real_head = eventlog.head
    reads = []

    def stale_then_real(stream):  # the first read is from before the other writer committed
        reads.append(stream)
        return (1, Event.objects.get(stream=stream, version=1).hash) if len(reads) == 1 else real_head(stream)

    monkeypatch.setattr(eventlog, "head", stale_then_real)
    with pytest.raises(eventlog.VersionConflict) as err:
        eventlog.append("match/1", 1, [{"type": "note"}])
    assert err.value.current == 2
    assert Event.objects.filter(stream="match/1").count() == 2
