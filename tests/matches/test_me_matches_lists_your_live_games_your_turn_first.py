"""GET /api/v1/me/matches/: the caller's live games as JSON, "your turn" first, then by latest
move; token or session, only the caller's, only what a list needs (no card), bounded."""

import json
import re

from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from games.accounts import live_games
from tests.fixtures.people import client_for
from tests.pages.mine import games_of

FIELDS = {
    "match",
    "ruleset",
    "event",
    "num_seats",
    "your_seat",
    "to_act",
    "your_turn",
    "version",
    "last_move_at",
    "links",
}


def test_your_turn_first_then_by_latest_move_with_links(players):
    yours, waiting = games_of(players[0])
    response = client_for(players[0]).get("/api/v1/me/matches/")
    assert response.status_code == 200
    body = response.json()
    assert body["truncated"] is False
    rows = body["results"]
    assert [r["match"] for r in rows] == [yours.pk] + [m.pk for m in waiting]
    first = rows[0]
    assert set(first) == FIELDS
    assert first["your_turn"] is True and first["to_act"] == first["your_seat"] == 0
    assert first["ruleset"] == "king" and first["event"] is None and first["version"] == yours.version
    assert first["links"] == {
        "table": f"/matches/{yours.pk}/",
        "match": f"/api/v1/matches/{yours.pk}/",
        "events": f"/api/v1/matches/{yours.pk}/events/",
        "actions": f"/api/v1/matches/{yours.pk}/actions/",
    }
    assert [r["your_turn"] for r in rows[1:]] == [False, False]


def test_a_session_works_and_an_anonymous_caller_is_refused(players):
    games_of(players[0], waiting=0)
    session = APIClient()
    session.force_login(players[0])
    assert len(session.get("/api/v1/me/matches/").json()["results"]) == 1
    refused = APIClient().get("/api/v1/me/matches/")
    assert refused.status_code in (401, 403) and refused.json()["error"]["code"] == "not_authenticated"


def test_nobody_sees_anothers_games_and_no_card_is_in_the_answer(players):
    games_of(players[0])
    assert client_for(players[1]).get("/api/v1/me/matches/").json()["results"] == []
    text = json.dumps(client_for(players[0]).get("/api/v1/me/matches/").json())
    assert "hand" not in text and not re.search(r'"[2-9TJQKA][SHDC]"', text)


def test_the_list_is_bounded_and_says_so(players):
    games_of(players[0], waiting=3)
    seats, truncated = live_games.live_seats(players[0], limit=2)
    assert len(seats) == 2 and truncated


def test_one_query_lists_every_game(players):
    games_of(players[0], waiting=5)
    with CaptureQueriesContext(connection) as queries:
        seats, _ = live_games.live_seats(players[0])
        [live_games.summary(s) for s in seats]
    assert len(seats) == 6 and len(queries) == 1
