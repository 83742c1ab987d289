"""Without REDIS_URL, the Celery app that `celery -A config worker` and `celery -A config beat`
load (config/celery.py) looks for messages every config.embedded_broker.POLL_SECONDS when idle,
not kombu's 1 s, which a person playing house bots waited for after every move (issue 21).
EMBEDDED_BROKER_POLL_SECONDS changes it; with Redis it is not a transport option at all."""

import json
import os
import subprocess
import sys
from pathlib import Path

from config import embedded_broker

BASE_DIR = Path(__file__).resolve().parents[2]

# What beat (which publishes) and a worker (which consumes) each get from the project's app.
PROBE = """
import json
from config.celery import app
read, write = app.connection_for_read().transport, app.connection_for_write().transport
print(json.dumps({
    "read": [type(read).__module__, read.polling_interval],
    "write": [type(write).__module__, write.polling_interval],
    "options": app.conf.broker_transport_options,
}))
"""


def probe(tmp_path, **env):
    # A process of its own: the settings read REDIS_URL once, when they load.
    base = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "EMBEDDED_BROKER_POLL_SECONDS")}
    base.update(VAR_DIR=str(tmp_path / "var"), SECRET_KEY="probe-only", **env)
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=BASE_DIR, env=base, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_embedded_broker_polls_every_poll_seconds_for_workers_and_beat(tmp_path):
    found = probe(tmp_path)
    assert embedded_broker.POLL_SECONDS == 0.05
    assert found["read"] == ["config.embedded_broker", embedded_broker.POLL_SECONDS]
    assert found["write"] == ["config.embedded_broker", embedded_broker.POLL_SECONDS]


def test_embedded_broker_poll_seconds_sets_the_transport_option(tmp_path):
    found = probe(tmp_path, EMBEDDED_BROKER_POLL_SECONDS="0.2")
    assert found["options"]["polling_interval"] == 0.2
    assert found["read"][1] == found["write"][1] == 0.2


def test_with_redis_the_poll_setting_is_no_transport_option(tmp_path):
    found = probe(tmp_path, REDIS_URL="redis://127.0.0.1:1/0", EMBEDDED_BROKER_POLL_SECONDS="0.2")
    assert "polling_interval" not in found["options"]
    assert found["read"][0].startswith("kombu.transport.redis")
