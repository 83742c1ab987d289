"""A spectator asks for Server-Sent Events (``Accept: text/event-stream``): the snapshot is an
``event: snapshot`` frame with no id, each event an ``id: <version>`` / ``event: event`` /
``data: <json>`` frame, silence a ``: keep-alive`` comment; after a dropped connection the
browser's ``Last-Event-ID`` resumes it with no gap and no repeat, up to ``event: end``."""

import json

import pytest
from django.contrib.auth import get_user_model

from games.models import Match
from tests.streams.conftest import board_match, cards_in, hidden_hands, play_one

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

SSE = {"Accept": "text/event-stream"}


def event_frames_up_to(stream, version):
    frames = []
    while not frames or int(frames[-1].get("id", -1)) != version:
        frame = stream.frame()
        if "comment" not in frame:
            frames.append(frame)
    return frames


def test_server_sent_events_frame_each_event_and_resume_from_last_event_id(stream_site):
    users = [get_user_model().objects.create_user(f"sse{i}") for i in range(4)]
    match = board_match(users)
    path = f"/api/v1/matches/{match.pk}/stream/"

    stream = stream_site.stream(path, SSE)
    assert stream.headers["Content-Type"] == "text/event-stream"
    snapshot = stream.frame()
    assert set(snapshot) == {"event", "data"} and snapshot["event"] == "snapshot"
    first = json.loads(snapshot["data"])["version"]
    assert first == match.version
    assert stream.frame() == {"comment": "keep-alive"}  # nothing happens: the server says it is there

    seen = []
    for _ in range(6):
        version = play_one(match.pk)["version"]
        for frame in event_frames_up_to(stream, version):
            data = json.loads(frame["data"])
            assert frame["event"] == "event" == data["type"] and int(frame["id"]) == data["version"]
            assert not cards_in(data) & hidden_hands(match.pk, None)
            seen.append(data["version"])
    stream.close()

    for _ in range(4):  # played while the spectator is away
        play_one(match.pk)
    stream = stream_site.stream(path, {**SSE, "Last-Event-ID": str(seen[-1])})
    assert json.loads(stream.frame()["data"])["type"] == "snapshot"
    while True:
        match.refresh_from_db()
        if match.status == Match.Status.OVER:
            break
        play_one(match.pk)
    frames = []
    while not frames or frames[-1]["event"] != "end":
        frame = stream.frame()
        if "comment" not in frame:
            frames.append(frame)
    seen += [int(f["id"]) for f in frames[:-1]]
    assert "id" not in frames[-1] and json.loads(frames[-1]["data"]) == {
        "type": "end",
        "version": match.version,
        "status": "over",
    }
    assert seen == list(range(first + 1, match.version + 1))  # every event after the snapshot, once
    assert stream.at_eof()
    stream.close()
