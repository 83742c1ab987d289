"""One action POST is a fixed, small number of queries, so that the action path cannot grow a
query unnoticed: the token (its last_used_at written only on its first use in a minute), the
match's row lock, the seat with its last hand-over in one query, the events and the sealed head
(one statement on PostgreSQL), the match's row; the stream is read only when this process does
not hold the match's state at its head. One transaction: its savepoint here, as the test runs
inside a transaction of its own (BEGIN and COMMIT on a server)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.service import states
from tests.fixtures.matches import act

pytestmark = pytest.mark.django_db


def expected(read_stream):
    # SQLite: the insert, the head's upsert, the match row
    writes = 1 if connection.vendor == "postgresql" else 3
    # token, savepoint, match lock, seat, [stream], events and head and match row, release
    return 1 + 1 + 1 + 1 + read_stream + writes + 1


def post(match, clients):
    match.refresh_from_db()
    state = states.current_state(match)
    with CaptureQueriesContext(connection) as queries:
        response = act(clients[state.to_act], match, state.legal_actions()[0], expected_version=match.version)
    assert response.status_code == 201, response.content
    return [q["sql"] for q in queries.captured_queries]


def test_an_action_whose_state_this_process_holds_reads_no_stream(king_board_match, clients):
    for _ in range(4):  # every seat's token once: each writes its last_used_at on its first use
        post(king_board_match, clients)
    for _ in range(4):
        queries = post(king_board_match, clients)
        assert len(queries) == expected(read_stream=0), "\n".join(queries)
        assert not [q for q in queries if q.startswith("UPDATE") and "apitoken" in q]


def test_an_action_on_a_state_another_process_holds_reads_the_stream_once(king_board_match, clients):
    for _ in range(4):
        post(king_board_match, clients)
    states._STATES.clear()  # as in a worker that did not play the last action
    king_board_match.refresh_from_db()
    state = states.match_state(king_board_match)
    with CaptureQueriesContext(connection) as captured:
        response = act(clients[state.to_act], king_board_match, state.legal_actions()[0])
    assert response.status_code == 201
    queries = [q["sql"] for q in captured.captured_queries][1:]  # act() reads the match's version first
    assert len(queries) == expected(read_stream=1), "\n".join(queries)
