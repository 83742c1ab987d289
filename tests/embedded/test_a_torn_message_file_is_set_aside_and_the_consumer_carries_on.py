"""A message file that cannot be parsed (written by an older process on kombu's stock
filesystem transport, or cut short by a crash of the machine) is set aside and logged; the
consumer goes on to the next message instead of dying on it, as the stock transport does."""

import logging
import socket

import pytest
from kombu import Connection, Consumer, Exchange, Producer, Queue

from config.env import celery_config, celery_folders

exchange = Exchange("torn", type="direct")
queue = Queue("torn", exchange, routing_key="torn")


def test_a_torn_message_is_set_aside_and_the_next_one_delivered(tmp_path, caplog):
    conf = celery_config(None, tmp_path)
    queue_folder, _control, processed_folder, _results = folders = celery_folders(conf)
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
    # Named as the broker names messages, and older than the good one, so it is read first.
    torn = queue_folder / "00000000000000000001_0123456789abcdef.torn.msg"
    torn.write_bytes(b'{"body": "eyJh')
    received = []
    with Connection(
        conf["broker_url"], transport=conf["broker_transport"], transport_options=conf["broker_transport_options"]
    ) as conn:
        Producer(conn.channel()).publish(
            {"whole": True}, exchange=exchange, routing_key="torn", declare=[queue], serializer="json"
        )
        with (
            caplog.at_level(logging.ERROR, logger="config.embedded_broker"),
            Consumer(
                conn.channel(),
                [queue],
                callbacks=[lambda body, msg: (received.append(body), msg.ack())],
                accept=["json"],
            ),
        ):
            try:
                conn.drain_events(timeout=5)
            except socket.timeout:
                pytest.fail("the good message behind the torn one never arrived")

    assert received == [{"whole": True}]
    assert not torn.exists()
    assert [p.name for p in processed_folder.iterdir()] == [torn.name + ".unreadable"]  # kept to inspect
    assert "Unreadable message " + torn.name in caplog.text
