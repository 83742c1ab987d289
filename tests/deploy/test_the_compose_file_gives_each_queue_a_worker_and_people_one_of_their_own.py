"""docker-compose.yml runs a Celery worker for each queue the site sends to (the default queue,
the people's and the webhooks'), and the people's queue (settings.BOT_PEOPLE_QUEUE) has a worker
that serves no other: a person's game never waits behind bot tables there either."""

import re
from pathlib import Path

import yaml
from django.conf import settings

COMPOSE = Path(__file__).resolve().parents[2] / "docker-compose.yml"


def worker_queues():
    """Each worker service's queues (its command's ``-Q``), by service name."""
    services = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))["services"]
    found = {}
    for name, service in services.items():
        command = service.get("command") or ""
        if " worker " in f" {command} ":
            queues = re.search(r"-Q\s+(\S+)", command)
            found[name] = set(queues.group(1).strip("'\"").split(",")) if queues else {"celery"}
    return found


def test_every_queue_has_a_worker_and_the_peoples_is_served_alone():
    queues = worker_queues()
    served = set().union(*queues.values())
    wanted = {settings.CELERY_TASK_DEFAULT_QUEUE, settings.BOT_PEOPLE_QUEUE, settings.BOT_WEBHOOK_QUEUE}
    assert wanted <= served, (wanted - served, queues)
    people = [name for name, names in queues.items() if settings.BOT_PEOPLE_QUEUE in names]
    assert people and all(queues[name] == {settings.BOT_PEOPLE_QUEUE} for name in people), queues
