"""Twenty writers append at the same version at once, on real PostgreSQL: exactly one wins."""

import threading

import pytest
from django.db import close_old_connections, connection, transaction

from games.models import Event
from games.record import eventlog

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_twenty_threads_appending_at_one_version_store_exactly_one_event():
    if connection.vendor != "postgresql":
        pytest.skip("the race needs PostgreSQL's concurrent writers (DATABASE_URL=postgres://...)")
    eventlog.append("match/1", 0, [{"type": "note", "n": 0}])
    start = threading.Barrier(20)
    outcomes = []

    def writer(n):
        try:
            start.wait()
            with transaction.atomic():
                eventlog.append("match/1", 1, [{"type": "note", "n": n}], {"actor": f"writer:{n}"})
            outcomes.append("stored")
        except eventlog.VersionConflict as e:
            outcomes.append(("conflict", e.current))
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert outcomes.count("stored") == 1
    assert sorted(o for o in outcomes if o != "stored") == [("conflict", 2)] * 19
    rows = eventlog.stream_events("match/1")
    assert [r.version for r in rows] == [1, 2]
    assert eventlog.check_chain(rows) is None
    assert Event.objects.count() == 2
