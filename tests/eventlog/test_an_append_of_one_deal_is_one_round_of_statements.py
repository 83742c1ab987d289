"""An append costs a fixed, small number of statements, however many events it holds: on
PostgreSQL the events and the sealed head go in one statement, and a caller holding the
stream's lock (``known_head``) pays for no savepoint. Counted, so that it cannot grow unnoticed."""

import pytest
from django.db import connection, transaction

from games.models import Event, StreamHead
from games.record import eventlog

pytestmark = pytest.mark.django_db

DEAL = [{"type": "play", "seat": i % 4, "card": f"{i}S"} for i in range(60)]


def statements(locked):
    """PostgreSQL: one statement; SQLite: the insert and the head's upsert. Reading the head
    adds one, and the savepoint around the writes two (its creation and release)."""
    writes = 1 if connection.vendor == "postgresql" else 2
    return writes if locked else 1 + writes + 2


def test_a_deal_appended_under_the_streams_lock_is_one_statement_on_postgresql(django_assert_num_queries):
    first = eventlog.append("match/1", 0, [{"type": "note"}])
    with transaction.atomic(), django_assert_num_queries(statements(locked=True)):
        rows = eventlog.append("match/1", 1, DEAL, {"actor": "user:1"}, known_head=(1, first[0].hash))
    assert [r.version for r in rows] == list(range(2, 62))
    assert [r.pk for r in rows] == list(
        Event.objects.filter(stream="match/1", version__gt=1).values_list("pk", flat=True)
    )
    assert eventlog.check_chain(eventlog.stream_events("match/1")) is None
    assert StreamHead.objects.get(stream="match/1").version == 61


def test_an_append_that_reads_the_head_adds_the_read_and_a_savepoint(django_assert_num_queries):
    eventlog.append("match/1", 0, [{"type": "note"}])
    with transaction.atomic(), django_assert_num_queries(statements(locked=False)):
        eventlog.append("match/1", 1, DEAL)


def test_an_insert_refused_under_the_lock_writes_nothing_and_spoils_the_callers_transaction():
    """No savepoint: the caller's whole transaction rolls back, the other change with it."""
    rows = eventlog.append("match/1", 0, [{"type": "note"}, {"type": "note"}])
    with pytest.raises(eventlog.VersionConflict), transaction.atomic():
        StreamHead.objects.create(stream="match/2", version=0, hash="", seal="")
        eventlog.append("match/1", 1, [{"type": "note"}], known_head=(1, rows[0].hash))
    assert not StreamHead.objects.filter(stream="match/2").exists()
    assert Event.objects.filter(stream="match/1").count() == 2
