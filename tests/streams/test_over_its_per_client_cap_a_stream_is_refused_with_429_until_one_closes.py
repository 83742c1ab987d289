"""One client holds at most STREAM_MAX_PER_CLIENT streams at once (per address, and per account
or bot): the next is refused before it starts, 429 ``too_many_streams`` with ``Retry-After``, in
the API's JSON error; once the client closes one of its streams, the server gives its place
back and a new stream is let in."""

import json
import time

import pytest
from django.contrib.auth import get_user_model

from games.models import Event
from tests.streams.conftest import board_match

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_over_its_per_client_cap_a_stream_is_refused_with_429_until_one_closes(servers):
    match = board_match([get_user_model().objects.create_user(f"cap{i}") for i in range(4)])
    site = servers.uvicorn(STREAM_MAX_PER_CLIENT=2)
    path = f"/api/v1/matches/{match.pk}/stream/"

    stored = Event.objects.count()
    held = [site.stream(path) for _ in range(2)]
    assert all(s.status == 200 and s.message()["type"] == "snapshot" for s in held)
    status, headers, body = site.get(path)
    assert (status, headers["Content-Type"], headers["Retry-After"]) == (429, "application/json", "5")
    error = json.loads(body)["error"]
    assert error["code"] == "too_many_streams" and error["retry_after"] == 5 and "(2)" in error["message"]
    assert "Expected available" not in error["message"]  # the cap says when in retry_after, in words of ours
    assert Event.objects.count() == stored

    held.pop().close()
    deadline = time.monotonic() + 10
    while True:  # the server hears of the closed connection and gives its place back
        again = site.stream(path)
        if again.status == 200:
            break
        again.close()
        assert again.status == 429 and time.monotonic() < deadline, site.log()
        time.sleep(0.1)
    assert again.message()["type"] == "snapshot"
    for stream in (*held, again):
        stream.close()
