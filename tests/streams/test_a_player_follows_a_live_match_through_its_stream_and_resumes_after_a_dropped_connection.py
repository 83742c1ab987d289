"""A seated player follows a live match through ``GET matches/{id}/stream/`` on uvicorn, while
the other seats (and theirs, for the test) are played in this process: the stream starts with
the player's view as ``GET matches/{id}/`` gives it, then brings every event in order, each
exactly as ``GET matches/{id}/events/`` gives that player at that moment, never a card another
seat holds. The connection is dropped halfway; some cards are played meanwhile; a new stream
with ``?after=V`` brings the rest with no gap and no repeat, then ``end``, and closes."""

import json

import pytest
from django.contrib.auth import get_user_model

from games.accounts.tokens import issue_token
from games.models import Match
from tests.streams.conftest import board_match, cards_in, hidden_hands, play_one

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def events_as_the_api_gives_them(site, match_id, after, headers):
    status, _, body = site.get(f"/api/v1/matches/{match_id}/events/?after={after}&limit=500", headers)
    assert status == 200, body
    return json.loads(body)["events"]


def read_up_to(stream, version):
    """The stream's messages until (and with) the one for ``version``."""
    messages = []
    while not messages or messages[-1].get("version") != version or messages[-1]["type"] == "snapshot":
        messages.append(stream.message())
    return messages


def test_a_player_follows_a_live_match_and_resumes_after_a_dropped_connection(stream_site):
    users = [get_user_model().objects.create_user(f"seat{i}") for i in range(4)]
    match = board_match(users)
    headers = {"Authorization": f"Token {issue_token(users[0])}"}
    path = f"/api/v1/matches/{match.pk}/stream/"

    stream = stream_site.stream(f"{path}?after=0", headers)
    assert (stream.status, stream.headers["Content-Type"]) == (200, "application/x-ndjson")
    snapshot = stream.message()
    status, _, body = stream_site.get(f"/api/v1/matches/{match.pk}/", headers)
    assert snapshot == {
        "type": "snapshot",
        "match": match.pk,
        "version": match.version,
        "status": "live",
        "state": json.loads(body)["state"],
    }
    assert not cards_in(snapshot) & hidden_hands(match.pk, 0)

    received, shown = [], []  # what the stream sent; what the API showed for the same versions
    dropped_at = None

    def take(messages, after):
        # Each batch is checked the moment it arrives: the redaction of a live deal, as of now.
        events = [m for m in messages if m["type"] == "event"]
        assert not cards_in(events) & hidden_hands(match.pk, 0), "a card another seat holds"
        received.extend(events)
        shown.extend(
            {"type": "event", **e} for e in events_as_the_api_gives_them(stream_site, match.pk, after, headers)
        )

    take(read_up_to(stream, match.version), 0)  # the catch-up from ?after=0: the deal as dealt
    while True:
        match.refresh_from_db()
        if match.status == Match.Status.OVER:
            break
        if dropped_at is None and len(received) >= 30:
            stream.close()  # the connection drops; the game goes on without this client
            dropped_at = received[-1]["version"]
            for _ in range(5):
                play_one(match.pk)
            match.refresh_from_db()
            stream = stream_site.stream(f"{path}?after={dropped_at}", headers)
            resumed = stream.message()
            assert (resumed["type"], resumed["version"]) == ("snapshot", match.version)
            take(read_up_to(stream, match.version), dropped_at)
            continue
        before = match.version
        version = play_one(match.pk)["version"]
        take(read_up_to(stream, version), before)

    assert dropped_at is not None
    assert stream.message() == {"type": "end", "version": match.version, "status": "over"}
    assert stream.at_eof()
    stream.close()
    assert [e["version"] for e in received] == list(range(1, match.version + 1))  # no gap, no repeat
    assert received == shown
