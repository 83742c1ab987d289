import pytest

from games.engine.playout import play_out, score_sheet

pytestmark = pytest.mark.services

# A cold worker needs a few seconds to boot Django; the filesystem broker looks every 0.05 s.
TIMEOUT = 90


def run_demo_on(worker, ruleset, seed):
    result = worker.client.send_task("games.tasks.play_out_demo", args=[ruleset, seed])
    try:
        sheet = result.get(timeout=TIMEOUT)
    except Exception as exc:
        pytest.fail(f"the worker gave no result: {exc!r}\n--- worker log ---\n{worker.log_text()}")
    assert worker.proc.poll() is None, "the worker should still be running"
    return sheet


def test_a_real_worker_over_redis_plays_out_a_demo(celery_worker_factory, redis_url):
    worker = celery_worker_factory(redis_url)
    assert run_demo_on(worker, "king", 7) == score_sheet(play_out("king", 7))


def test_a_real_worker_over_the_filesystem_broker_plays_out_a_demo(celery_worker_factory):
    # Needs no server, so this one always runs.
    worker = celery_worker_factory(None)
    assert run_demo_on(worker, "rifki", 7) == score_sheet(play_out("rifki", 7))
