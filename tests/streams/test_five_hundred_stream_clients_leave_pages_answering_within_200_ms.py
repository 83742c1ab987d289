"""500 clients following a match's stream at once, on 127.0.0.1, hold no server thread each:
served as production serves them (uvicorn for the streams, config.asgi; gunicorn for the pages,
the compose file's ``streams`` and ``web``), a page still answers within 200 ms (median of 5),
from gunicorn and from the streams' own uvicorn too, whose process keeps a handful of threads
meanwhile; every stream is still open, got its snapshot, and the next move reaches all 500.
Bounded: every connection has a timeout, and the servers are stopped at the end."""

import asyncio
import json
import statistics
import time

import pytest
from django.contrib.auth import get_user_model

from tests.streams.conftest import board_match, play_one

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

CLIENTS = 500
CONNECT_SECONDS = 60  # for all 500 to connect and get their snapshot, on a loaded 2-core machine


async def open_stream(port, path):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    await writer.drain()
    received = b""
    while b'"type":"snapshot"' not in received:
        chunk = await reader.read(65536)
        if not chunk:
            raise EOFError(received[:300])
        received += chunk
    return reader, writer, received


async def read_until(reader, needle):
    received = b""
    while needle not in received:
        chunk = await reader.read(65536)
        if not chunk:
            raise EOFError(received[:300])
        received += chunk
    return received


async def every(coroutines):
    return await asyncio.wait_for(asyncio.gather(*coroutines), CONNECT_SECONDS)


def page_timings(server, path):
    timings = []
    for _ in range(5):
        started = time.monotonic()
        status, _, body = server.get(path, timeout=5)
        timings.append(time.monotonic() - started)
        assert status == 200, body[:300]
    return timings


def test_five_hundred_stream_clients_leave_pages_answering_within_200_ms(servers):
    users = [get_user_model().objects.create_user(f"crowd{i}") for i in range(4)]
    match = board_match(users)
    # Every client comes from 127.0.0.1: the per-client cap is lifted so that all 500 are let in.
    streams = servers.uvicorn(STREAM_MAX_PER_CLIENT=CLIENTS + 10)
    pages = servers.gunicorn()
    path = f"/api/v1/matches/{match.pk}/stream/"

    loop = asyncio.new_event_loop()
    try:
        opened = loop.run_until_complete(every(open_stream(streams.port, path) for _ in range(CLIENTS)))
        assert all(b"HTTP/1.1 200" in head for _, _, head in opened)

        for server in (pages, streams):
            for page in ("/", "/api/v1/matches/"):
                timings = page_timings(server, page)
                assert statistics.median(timings) < 0.2, (server.port, page, timings)
        assert streams.threads() < 20, streams.threads()  # not one per stream

        loop.run_until_complete(asyncio.sleep(0.2))  # the clients' loop takes in whatever came meanwhile
        assert not any(reader.at_eof() for reader, _, _ in opened)  # all 500 still open
        version = play_one(match.pk)["version"]
        moved = f'"type":"event","version":{version},'.encode()
        loop.run_until_complete(every(read_until(reader, moved) for reader, _, _ in opened))
        for _, writer, _ in opened:
            writer.close()
    finally:
        loop.close()
    status, _, body = pages.get(f"/api/v1/matches/{match.pk}/")
    assert status == 200 and json.loads(body)["version"] == version
