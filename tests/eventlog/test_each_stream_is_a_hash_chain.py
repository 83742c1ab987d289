import hashlib
import json

from games.models import Event
from games.record import eventlog


def test_versions_start_at_one_and_have_no_gaps(append_game):
    append_game(n=3)
    eventlog.append("match/1", 3, [{"type": "note", "n": 9}])
    assert list(Event.objects.filter(stream="match/1").values_list("version", flat=True)) == [1, 2, 3, 4]


def test_each_hash_is_sha256_of_the_previous_hash_and_the_canonical_event(append_game):
    rows = append_game(n=2)
    stored = list(Event.objects.filter(stream="match/1").order_by("version"))
    prev = "0" * 64
    for row in stored:
        doc = {
            "stream": row.stream,
            "version": row.version,
            "type": row.type,
            "payload": row.payload,
            "metadata": row.metadata,
            "recorded_at": row.recorded_at.isoformat(timespec="microseconds"),
        }
        text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        assert row.prev_hash == prev
        assert row.hash == hashlib.sha256((prev + text).encode()).hexdigest()
        prev = row.hash
    assert [r.hash for r in rows] == [r.hash for r in stored]


def test_streams_chain_independently(append_game):
    append_game("match/1", n=2)
    append_game("match/2", n=1)
    assert eventlog.head("match/2")[0] == 1
    assert Event.objects.get(stream="match/2", version=1).prev_hash == eventlog.GENESIS_HASH


def test_an_untouched_stream_passes_the_chain_check(append_game):
    append_game(n=5)
    assert eventlog.check_chain(eventlog.stream_events("match/1")) is None


def test_a_changed_payload_a_missing_event_and_a_swapped_pair_are_each_found_at_their_version(append_game):
    append_game(n=5)
    rows = eventlog.stream_events("match/1")
    changed = list(rows)
    changed[2].payload = {**changed[2].payload, "n": 99}
    assert eventlog.check_chain(changed)[0] == 3
    rows = eventlog.stream_events("match/1")
    assert eventlog.check_chain(rows[:1] + rows[2:])[0] == 3
    assert eventlog.check_chain([rows[0], rows[2], rows[1]] + rows[3:])[0] == 3
