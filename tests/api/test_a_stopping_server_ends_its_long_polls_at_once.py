"""A server asked to stop (SIGTERM, as a restart does) ends its long polls at once: each
waiting client gets its answer (what there is, no events) and gunicorn exits in seconds, not
after the clients' waits nor its graceful timeout. Bounded: 30 s waits, a 60 s graceful timeout
that the test would see, and the fixture kills the server if it lingers."""

import json
import signal
import threading
import time

import pytest

WAIT_SECONDS = 30


@pytest.mark.serial
def test_sigterm_answers_every_waiting_client_and_the_server_exits_at_once(serve_site):
    site = serve_site(GUNICORN_GRACEFUL_TIMEOUT=60)
    match, version = site.seeded["match"], site.seeded["version"]
    answers = []

    def wait_for_events():
        status, _, body = site.get(
            f"/api/v1/matches/{match}/events/?after={version}&wait={WAIT_SECONDS}", timeout=WAIT_SECONDS + 10
        )
        answers.append((status, json.loads(body)["events"]))

    def wait_for_turns():
        status, _, body = site.get(
            f"/api/v1/bot/turns/?wait={WAIT_SECONDS}",
            timeout=WAIT_SECONDS + 10,
            headers={"Authorization": f"Bot {site.seeded['bot_token']}"},
        )
        answers.append((status, json.loads(body)["turns"] == [] or "turns"))

    # The bot's game_start is waiting for it: a first poll takes it, so the next one waits.
    status, _, body = site.get(
        "/api/v1/bot/turns/?wait=0", headers={"Authorization": f"Bot {site.seeded['bot_token']}"}
    )
    assert status == 200 and [e["type"] for e in json.loads(body)["events"]] == ["game_start"]

    clients = [threading.Thread(target=wait_for_events, daemon=True) for _ in range(2)]
    clients.append(threading.Thread(target=wait_for_turns, daemon=True))
    for client in clients:
        client.start()
    time.sleep(1.5)
    assert answers == [] and all(c.is_alive() for c in clients)  # they are waiting

    stopped_at = time.monotonic()
    site.proc.send_signal(signal.SIGTERM)
    for client in clients:
        client.join(timeout=10)
    site.proc.wait(timeout=20)
    took = time.monotonic() - stopped_at
    assert sorted(answers, key=str) == sorted([(200, []), (200, []), (200, True)], key=str), answers
    assert took < 8, f"the server took {took:.1f} s to stop:\n{site.log()}"
