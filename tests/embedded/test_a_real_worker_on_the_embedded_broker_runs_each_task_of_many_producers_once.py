"""A real `celery worker` on the embedded config (no REDIS_URL) runs every task that fifty
producer processes enqueue at once, each exactly once, and stays up."""

import multiprocessing
import re
import time
import uuid

import pytest
from celery import Celery

from config.env import celery_config

pytestmark = pytest.mark.services  # a real worker (needs no server, so it always runs)

PRODUCERS = 50
TASKS_EACH = 4


def produce(conf, queue, task_ids):
    # A process of its own, with its own client, as each site process and worker has.
    client = Celery("producer", set_as_current=False)
    client.conf.update(conf, task_default_queue=queue)
    for task_id, args in task_ids:
        # celery.accumulate is Celery's own task that returns its arguments: every worker has it.
        client.send_task("celery.accumulate", args=args, task_id=task_id)


def test_every_task_of_fifty_producers_runs_once_on_a_real_worker(celery_worker_factory, tmp_path):
    worker = celery_worker_factory(None)
    queue = worker.client.conf.task_default_queue
    conf = celery_config(None, tmp_path / "var")  # the fixture's broker and result store
    tasks = {p: [(str(uuid.uuid4()), [p, n]) for n in range(TASKS_EACH)] for p in range(PRODUCERS)}

    context = multiprocessing.get_context("fork")
    producers = [context.Process(target=produce, args=(conf, queue, tasks[p])) for p in range(PRODUCERS)]
    for proc in producers:
        proc.start()
    for proc in producers:
        proc.join(timeout=30)
    assert [proc.exitcode for proc in producers] == [0] * PRODUCERS

    for sent in tasks.values():
        for task_id, args in sent:
            try:
                assert worker.client.AsyncResult(task_id).get(timeout=60) == args
            except Exception as exc:
                pytest.fail(f"task {args} gave no result: {exc!r}\n--- worker log ---\n{worker.log_text()}")
    time.sleep(0.5)  # let a duplicate delivery, if there were one, reach the log
    assert worker.proc.poll() is None, "the worker should still be running"
    log = worker.log_text()
    runs = re.findall(r"Task celery\.accumulate\[([0-9a-f-]+)\] succeeded", log)
    assert sorted(runs) == sorted(task_id for sent in tasks.values() for task_id, _ in sent)  # once each
    assert "Traceback" not in log and "JSONDecodeError" not in log
