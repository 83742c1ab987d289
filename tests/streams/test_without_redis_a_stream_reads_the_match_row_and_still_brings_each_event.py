"""Without Redis (no REDIS_URL: nothing to subscribe to) a stream served by uvicorn still
brings each event as it is appended: it reads the match row every STREAM_POLL_SECONDS, a
primary-key read, and holds no thread meanwhile."""

import pytest
from django.contrib.auth import get_user_model

from tests.streams.conftest import board_match, play_one

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_without_redis_a_stream_reads_the_match_row_and_still_brings_each_event(servers, settings, tmp_path):
    match = board_match([get_user_model().objects.create_user(f"nr{i}") for i in range(4)])
    site = servers.uvicorn(REDIS_URL="", VAR_DIR=tmp_path / "var")
    settings.REDIS_URL = None  # nor does this process publish anything
    stream = site.stream(f"/api/v1/matches/{match.pk}/stream/")
    assert stream.message()["type"] == "snapshot"
    for _ in range(3):
        version = play_one(match.pk)["version"]
        while (message := stream.message())["version"] < version:
            assert message["type"] == "event"
        assert (message["type"], message["version"]) == ("event", version)
    stream.close()
