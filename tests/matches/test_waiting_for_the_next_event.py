"""GET matches/{id}/events/?after=V&wait=N long-polls: it answers when the next event lands."""

import threading
import time

import pytest
from django.db import connection

from games.service import playing, states
from tests.fixtures.people import body


@pytest.mark.serial
def test_with_nothing_new_the_wait_ends_after_the_given_seconds_with_no_events(king_board_match, clients):
    match = king_board_match
    started = time.monotonic()
    r = clients[0].get(f"/api/v1/matches/{match.pk}/events/?after={match.version}&wait=1")
    assert r.status_code == 200 and body(r)["events"] == [] and body(r)["version"] == match.version
    assert time.monotonic() - started >= 1


def test_without_wait_an_up_to_date_client_gets_an_empty_page_at_once(king_board_match, clients):
    r = clients[0].get(f"/api/v1/matches/{king_board_match.pk}/events/?after={king_board_match.version}")
    assert body(r)["events"] == []


@pytest.mark.django_db(transaction=True)
@pytest.mark.serial
def test_a_waiting_client_gets_the_event_another_seat_submits(king_board_match, clients, players):
    match = king_board_match
    state = states.match_state(match)
    seat, action = state.to_act, state.legal_actions()[0]

    def play_soon():
        try:
            time.sleep(0.5)
            playing.submit_action(match.pk, players[seat], action, match.version)
        finally:
            connection.close()  # this thread's own connection

    player = threading.Thread(target=play_soon)
    started = time.monotonic()
    player.start()
    r = clients[(seat + 1) % 4].get(f"/api/v1/matches/{match.pk}/events/?after={match.version}&wait=20")
    player.join()
    waited = time.monotonic() - started
    events = body(r)["events"]
    assert [e["event"]["type"] for e in events][:1] == ["play"] and events[0]["version"] == match.version + 1
    assert 0.4 < waited < 5


def test_bad_paging_parameters_are_refused(king_board_match, clients):
    for query in ("after=-1", "limit=0", f"limit={10**6}", "wait=31", "wait=x", "after=1.5"):
        r = clients[0].get(f"/api/v1/matches/{king_board_match.pk}/events/?{query}")
        assert r.status_code == 400 and body(r)["error"]["code"] == "invalid_input", query


def test_pages_follow_the_versions(king_board_match, clients):
    match = king_board_match
    page = body(clients[0].get(f"/api/v1/matches/{match.pk}/events/?after=0&limit=1"))["events"]
    assert [e["version"] for e in page] == [1] and page[0]["event"]["type"] == "game_started"
    rest = body(clients[0].get(f"/api/v1/matches/{match.pk}/events/?after=1"))["events"]
    assert [e["version"] for e in rest] == list(range(2, match.version + 1))
