"""A table of built-in bots plays a run of moves in one transaction (bots.runner,
games.service.playing.do_play_run). A worker killed in the middle of a run leaves none of it in
the log, and the match still finishes, its chain whole, once a worker plays it again."""

import os
import signal
import time

import pytest

from bots.models import Bot
from games.models import StreamHead
from games.record import eventlog
from games.service import creating
from tests.fixtures.services import start_match, wait_until_over
from tests.services.test_bots_play_through_a_real_worker import assert_log_is_whole

pytestmark = [
    pytest.mark.services,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("announcements_stay_in_this_process"),
]


def test_a_worker_killed_inside_a_run_leaves_no_part_of_it_and_the_match_still_finishes(
    celery_worker_factory,
    redis_url,
    worker_env,
    make_bot,
):
    # Searching bots, and a run as long as the whole match: the worker is inside one run for seconds.
    bots = [make_bot(strategy="montecarlo", name=f"mc{i}") for i in range(4)]
    match = creating.do_create_match("king", {}, bots)
    created = match.version
    env = {**worker_env, "BOT_TIME_SLICE_SECONDS": "600"}
    first = celery_worker_factory(redis_url, extra_env=env)
    start_match(first, match)
    deadline = time.monotonic() + 60
    while "bots.tasks.play_bot_turns" not in first.log_text():
        assert time.monotonic() < deadline, first.log_text()[-3000:]
        time.sleep(0.01)
    # Dozens of searched moves into the run (a searched King match takes far longer than this),
    # each of which would have been stored by now if every move were its own transaction.
    time.sleep(1.5)
    assert first.proc.poll() is None
    os.kill(first.proc.pid, signal.SIGKILL)
    first.proc.wait()

    match.refresh_from_db()
    assert match.version == created, "part of the run was stored"
    rows = eventlog.stream_events(match.stream)
    assert len(rows) == created and eventlog.check_chain(rows) is None
    assert StreamHead.objects.get(stream=match.stream).version == created

    # Played again (the stall sweep sends this task in production; its test is the stall sweep's),
    # by quicker bots so that the test does not wait on the search.
    Bot.objects.filter(pk__in=[b.pk for b in bots]).update(strategy="random")
    second = celery_worker_factory(redis_url, extra_env=worker_env)
    start_match(second, match)
    wait_until_over(match, [first, second])
    assert_log_is_whole(match)
    assert StreamHead.objects.get(stream=match.stream).version == match.version
