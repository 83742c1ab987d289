"""On PostgreSQL an append of one event sends it as typed values and an append of several as one
JSON array (games.record.eventlog.insert_in_one_statement): both must store exactly the row the hash
chain covers, so an export, a replay and a check of the chain cannot tell which way it went."""

from datetime import UTC, datetime

import pytest
from django.db import connection

from games.models import Event, StreamHead
from games.record import eventlog

pytestmark = pytest.mark.django_db

AT = datetime(2026, 11, 27, 9, 30, 15, 123456, tzinfo=UTC)
EVENT = {"type": "note", "text": 'Şeker é "quoted" \\ back', "n": 3, "nested": {"b": [1, None, True]}}
META = {"actor": "user:1", "seat": 2, "command_id": "c-1", "ok": False}


def stored(stream):
    return [
        (e.version, e.type, e.payload, e.metadata, e.recorded_at, e.prev_hash, e.hash)
        for e in Event.objects.filter(stream=stream).order_by("version")
    ]


def test_one_event_is_stored_as_the_same_row_as_the_first_of_several():
    one = eventlog.append_runs("match/one", 0, [([EVENT], META, AT)])
    many = eventlog.append_runs("match/many", 0, [([EVENT, {"type": "note"}], META, AT)])
    alone, first = stored("match/one")[0], stored("match/many")[0]
    assert alone[:5] == first[:5] == (1, "note", {k: v for k, v in EVENT.items() if k != "type"}, META, AT)
    # The streams differ, so the hashes do; each is the hash of its own stored document.
    assert one[0].pk == Event.objects.get(stream="match/one").pk
    assert many[0].pk < many[1].pk
    for stream in ("match/one", "match/many"):
        assert eventlog.check_chain(eventlog.stream_events(stream)) is None
        head = StreamHead.objects.get(stream=stream)
        assert eventlog.seal_holds(head)


def test_one_event_after_many_and_many_after_one_keep_the_chain():
    for n in (1, 3, 1, 1, 2):
        version = eventlog.head("match/mixed")[0]
        eventlog.append("match/mixed", version, [dict(EVENT, n=i) for i in range(n)], META)
    rows = eventlog.stream_events("match/mixed")
    assert [r.version for r in rows] == list(range(1, 9))
    assert eventlog.check_chain(rows) is None


def test_one_event_goes_as_typed_values_and_several_as_one_json_array(django_assert_num_queries):
    """PostgreSQL: one statement either way, of its own shape; SQLite: the insert and the head's upsert."""
    writes = 1 if connection.vendor == "postgresql" else 2
    with django_assert_num_queries(writes) as one:
        first = eventlog.append("match/sql", 0, [EVENT], META, known_head=(0, eventlog.GENESIS_HASH))
    with django_assert_num_queries(writes) as several:
        rows = eventlog.append("match/sql", 1, [EVENT, EVENT], META, known_head=(1, first[0].hash))
    if connection.vendor == "postgresql":
        alone, array = one.captured_queries[0]["sql"], several.captured_queries[0]["sql"]
        assert "VALUES (" in alone and "jsonb_array_elements" not in alone
        assert "jsonb_array_elements" in array
    assert [r.version for r in rows] == [2, 3]
    assert eventlog.check_chain(eventlog.stream_events("match/sql")) is None
