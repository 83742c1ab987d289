"""A polling bot reads its events three ways: in the ``events`` of ``GET bot/turns/`` (each once),
on its own stream ``GET bot/events/`` (opening with its live games and open challenges, or with
every event after ``?after=``), and as lines of its turn stream. Under a WSGI server the streams
are bounded long polls; with STREAM_FALLBACK_SECONDS at 0 each sends what it opens with, then
``reconnect``."""

import json

import pytest
from rest_framework.test import APIClient

from bots import events
from bots.api_stream import TurnFeed
from bots.models import BotEvent
from games.service import creating
from tests.fixtures.people import body

pytestmark = pytest.mark.django_db


def client_of(bot):
    return APIClient(HTTP_AUTHORIZATION=f"Bot {bot.token}")


def stream_lines(response):
    assert response.status_code == 200, response
    return [json.loads(line) for line in b"".join(response.streaming_content).splitlines() if line.strip()]


@pytest.fixture
def seated(make_bot, django_capture_on_commit_callbacks, settings):
    settings.STREAM_FALLBACK_SECONDS = 0
    poller = make_bot(kind="polling", name="poller")
    with django_capture_on_commit_callbacks(execute=True):
        match = creating.do_create_match("king", {}, [poller, *(make_bot(name=f"h{i}") for i in range(3))])
    return poller, match


def test_a_poll_hands_out_each_event_once(seated):
    poller, match = seated
    first = body(client_of(poller).get("/api/v1/bot/turns/?wait=0"))
    assert [(e["type"], e["match"], e["seat"]) for e in first["events"]] == [("game_start", match.pk, 0)]
    assert first["events"][0]["id"] == BotEvent.objects.get().pk
    assert body(client_of(poller).get("/api/v1/bot/turns/?wait=0"))["events"] == []


def test_the_event_stream_opens_with_the_live_games_and_resumes_after_an_id(seated, make_bot):
    poller, match = seated
    opened = stream_lines(client_of(poller).get("/api/v1/bot/events/"))
    assert [line["type"] for line in opened] == ["game_start", "reconnect"]
    start_id = opened[0]["id"]
    assert opened[0]["match"] == match.pk and opened[-1]["after"] == start_id

    events.record(poller, "game_end", "game_end:by-hand", {"match": match.pk})  # as if the game had ended
    resumed = stream_lines(client_of(poller).get(f"/api/v1/bot/events/?after={start_id}"))
    assert [line["type"] for line in resumed] == ["game_end", "reconnect"]
    sse = client_of(poller).get("/api/v1/bot/events/?format=sse", HTTP_LAST_EVENT_ID=str(start_id))
    text = b"".join(sse.streaming_content).decode()
    assert f"id: {resumed[0]['id']}\nevent: game_end\n" in text


def test_a_finished_game_is_not_in_the_streams_opening(seated):
    poller, match = seated
    match.status = "over"
    match.save(update_fields=["status"])
    assert [line["type"] for line in stream_lines(client_of(poller).get("/api/v1/bot/events/"))] == ["reconnect"]


def test_the_turn_stream_carries_the_events_stored_after_it_opened(seated):
    poller, match = seated
    feed = TurnFeed(poller)
    feed.opening()  # the game_start stored before it opened is the event stream's to send, not this one's
    told = events.record(poller, "game_end", "game_end:by-hand", {"match": match.pk})
    lines, _done = feed.news()
    assert [payload for payload, _id in lines if payload["type"] != "turn"] == [events.line(told)]
    assert [payload for payload, _id in feed.news()[0] if payload["type"] != "turn"] == []


def test_a_bad_after_is_refused_and_a_person_is_told_which_kind_of_token_it_takes(seated, clients):
    poller, _match = seated
    r = client_of(poller).get("/api/v1/bot/events/?after=soon")
    error = body(r)["error"]
    assert r.status_code == 400 and error["code"] == "invalid_input" and "'after'" in error["message"]
    r = clients[0].get("/api/v1/bot/events/")
    assert r.status_code == 401 and body(r)["error"]["code"] == "wrong_token_kind"
