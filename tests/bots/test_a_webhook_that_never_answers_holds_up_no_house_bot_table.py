"""Webhook turns run on their own queue (settings.BOT_WEBHOOK_QUEUE) with workers of their own,
so a webhook bot whose server never answers, waiting out a long turn timeout at one table, holds
up no table of built-in bots: with real workers, one per queue, a quick King game of four house
bots plays to its end while the webhook worker is still waiting on the silent server."""

import socket
import threading
import time

import pytest

from bots.models import Turn
from games.models import Match
from games.service import creating
from tests.bots.webhook_turns import QUICK_KING, match_where_it_acts_first
from tests.fixtures.services import start_match, wait_until_over

pytestmark = [
    pytest.mark.services,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("announcements_stay_in_this_process"),
]

SILENT_TIMEOUT = 120  # the webhook's turn timeout: far longer than the house game may take


class SilentServer:
    """Accepts connections, reads what comes and never answers, until closed."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}/turn"
        self.connections = []
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            self.connections.append(conn)

    def close(self):
        self.listener.close()
        for conn in self.connections:
            conn.close()


def wait_for(condition, what, workers, timeout=60):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            logs = "\n".join(w.log_text()[-3000:] for w in workers)
            pytest.fail(f"{what} did not happen within {timeout} s\n--- worker logs ---\n{logs}")
        time.sleep(0.1)


def test_a_house_bot_table_finishes_while_a_webhook_at_another_table_never_answers(
    celery_worker_factory, redis_url, worker_env, make_bot
):
    house_queue, webhook_queue = celery_worker_factory.queue_name(), celery_worker_factory.queue_name()
    queues = {"BOT_WEBHOOK_QUEUE": webhook_queue}
    house = celery_worker_factory(redis_url, queue=house_queue, extra_env={**worker_env, **queues})
    # What the webhook worker enqueues (the next turns, after its bot's action) goes to the house queue.
    hooks = celery_worker_factory(
        redis_url, queue=webhook_queue, extra_env={**worker_env, **queues, "CELERY_QUEUE": house_queue}
    )
    workers = [house, hooks]
    silent = SilentServer()
    try:
        stuck = match_where_it_acts_first(
            make_bot, make_bot(kind="webhook", url=silent.url, name="silent"), timeout=SILENT_TIMEOUT
        )
        version = stuck.version
        start_match(house, stuck)
        wait_for(lambda: silent.connections, "the webhook worker calling the silent bot", workers)

        table = creating.do_create_match("king", QUICK_KING, [make_bot(name=f"house{i}") for i in range(4)])
        start_match(house, table)
        wait_until_over(table, workers, timeout=60)

        stuck.refresh_from_db()
        assert stuck.status == Match.Status.LIVE and stuck.version == version
        assert list(Turn.objects.filter(match=stuck).values_list("status", flat=True)) == [Turn.Status.PENDING]
        assert len(silent.connections) == 1  # called once, and still waiting on it
    finally:
        silent.close()  # the waiting call ends at once (connection closed), so the workers stop quickly
