"""Twenty threads submit for the same seat at the same version, on real PostgreSQL."""

import threading

import pytest
from django.db import connection

from games.record import eventlog
from games.service import states
from tests.fixtures.matches import act
from tests.fixtures.people import body

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_exactly_one_submission_is_stored_and_the_rest_are_conflicts(king_board_match, clients):
    if connection.vendor != "postgresql":
        pytest.skip("the race needs PostgreSQL's concurrent writers (DATABASE_URL=postgres://...)")
    match = king_board_match
    state = states.match_state(match)
    seat, version = state.to_act, match.version
    legal = state.legal_actions()
    start = threading.Barrier(20)
    results = []

    def submit(n):
        try:
            start.wait()
            r = act(clients[seat], match, dict(legal[n % len(legal)]), expected_version=version)
            results.append((r.status_code, body(r)))
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(n,)) for n in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    codes = sorted(code for code, _ in results)
    assert codes == [201] + [409] * 19
    assert all(
        b["error"]["code"] == "version_conflict" and b["error"]["current_version"] == version + 1
        for code, b in results
        if code == 409
    )
    rows = eventlog.stream_events(match.stream)
    assert [r.version for r in rows] == list(range(1, version + 2))
    assert eventlog.check_chain(rows) is None
    match.refresh_from_db()
    assert match.version == version + 1
