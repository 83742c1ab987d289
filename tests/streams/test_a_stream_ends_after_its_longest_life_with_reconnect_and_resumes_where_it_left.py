"""A live stream lasts at most STREAM_MAX_SECONDS (two seconds on this server, an hour by
default): then the server ends it with ``{"type": "reconnect", "after": V}``, V the last version
it sent, and a stream opened again with ``?after=V`` brings what was played in between, with no
gap and no repeat."""

import pytest
from django.contrib.auth import get_user_model

from tests.streams.conftest import board_match, play_one

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_stream_ends_after_its_longest_life_with_reconnect_and_resumes_where_it_left(servers):
    match = board_match([get_user_model().objects.create_user(f"ml{i}") for i in range(4)])
    site = servers.uvicorn(STREAM_MAX_SECONDS=2)
    path = f"/api/v1/matches/{match.pk}/stream/"
    stream = site.stream(path)
    assert stream.message()["type"] == "snapshot"
    version = play_one(match.pk)["version"]
    assert stream.message()["version"] == version
    assert stream.message() == {"type": "reconnect", "after": version}
    assert stream.at_eof()
    stream.close()

    missed = play_one(match.pk)["version"]
    again = site.stream(f"{path}?after={version}")
    assert again.message()["type"] == "snapshot"
    assert [again.message()["version"] for _ in range(missed - version)] == list(range(version + 1, missed + 1))
    again.close()
