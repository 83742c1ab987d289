import pytest
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction

from games.models import Event
from games.record import eventlog


def refused(sql):
    with pytest.raises(DatabaseError) as err, transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql)
    assert "append-only" in str(err.value)


def test_raw_sql_update_is_refused(append_game):
    append_game(n=2)
    refused("UPDATE games_event SET type = 'forged'")
    assert set(Event.objects.values_list("type", flat=True)) == {"note"}


def test_raw_sql_delete_is_refused(append_game):
    append_game(n=2)
    refused("DELETE FROM games_event WHERE version = 2")
    refused("DELETE FROM games_event")  # SQLite's stand-in for TRUNCATE
    assert Event.objects.count() == 2


def test_truncate_is_refused_on_postgresql(append_game):
    if connection.vendor != "postgresql":
        assert connection.vendor == "sqlite"  # SQLite has no TRUNCATE; DELETE FROM is tested above
        return
    append_game(n=2)
    refused("TRUNCATE games_event")
    refused("TRUNCATE games_event CASCADE")
    assert Event.objects.count() == 2


def test_the_orm_cannot_edit_or_delete_either(append_game):
    rows = append_game(n=1)
    with pytest.raises(DatabaseError), transaction.atomic():
        Event.objects.filter(pk=rows[0].pk).update(type="forged")
    with pytest.raises(DatabaseError), transaction.atomic():
        Event.objects.filter(pk=rows[0].pk).delete()
    assert Event.objects.get(pk=rows[0].pk).type == "note"


@pytest.mark.django_db(transaction=True)
def test_the_test_databases_flush_still_works_and_leaves_the_triggers_in_place():
    eventlog.append("match/1", 0, [{"type": "note"}])
    call_command("flush", interactive=False, verbosity=0)
    assert not Event.objects.exists()
    eventlog.append("match/1", 0, [{"type": "note"}])
    refused("DELETE FROM games_event")
    assert Event.objects.count() == 1
