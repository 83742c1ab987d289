"""An action locks its match's row and reads the events since its process's cached head with
SQL written once (games.sql_once), not a queryset compiled per action. What they read is what
the ORM reads: the same field values of the same types (JSON payloads decoded, dates aware on
SQLite too), the same events in version order, and nothing for a match that does not exist."""

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import sql_once
from games.errors import ServiceError
from games.models import Event, Match
from games.record import eventlog
from games.service import playing, states
from tests.fixtures.matches import act

pytestmark = pytest.mark.django_db


def play(match, clients, moves):
    for _ in range(moves):
        match.refresh_from_db()
        state = states.current_state(match)
        assert act(clients[state.to_act], match, state.legal_actions()[0]).status_code == 201


def test_the_locked_row_is_the_orms_row_in_one_query(king_board_match, clients):
    play(king_board_match, clients, 3)
    Match.objects.filter(pk=king_board_match.pk).update(clock_wake_at=timezone.now())
    expected = Match.objects.get(pk=king_board_match.pk)

    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        locked = playing.locked_match(king_board_match.pk)
    assert len(queries) == 1
    if connection.features.has_select_for_update:
        assert queries[0]["sql"].endswith("FOR UPDATE")

    assert type(locked) is Match and locked._state.adding is False
    for field in Match._meta.concrete_fields:
        got, want = getattr(locked, field.attname), getattr(expected, field.attname)
        assert got == want and type(got) is type(want), field.name


def test_a_match_that_does_not_exist_is_a_404_and_none():
    assert sql_once.locked(Match, 987654) is None
    with pytest.raises(ServiceError) as refused, transaction.atomic():
        playing.locked_match(987654)
    assert refused.value.status == 404 and refused.value.code == "not_found"


def test_the_events_since_a_head_are_the_orms_in_version_order(king_board_match, clients):
    play(king_board_match, clients, 6)
    king_board_match.refresh_from_db()
    stream, upto = king_board_match.stream, king_board_match.version
    expected = list(
        Event.objects.filter(stream=stream, version__gt=2, version__lte=upto)
        .order_by("version")
        .values_list("type", "payload", "prev_hash", "hash")
    )

    read = eventlog.chain_since(stream, 2, upto)

    assert [tuple(row) for row in read] == expected and len(read) == upto - 2
    assert all(isinstance(payload, dict) for _type, payload, _prev, _hash in read)
    assert eventlog.chain_since(stream, upto, upto) == []
    assert eventlog.chain_since(stream, 2, 4) == [list(row) for row in expected[:2]]
