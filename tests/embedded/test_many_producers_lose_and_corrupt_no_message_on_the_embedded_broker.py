"""Fifty processes publish at once through the embedded broker (no REDIS_URL) while a consumer
drains the queue: every message arrives exactly once and whole, and the consumer never fails.
kombu's stock filesystem transport fails this within a second: its consumer reads a message
file the producer has created but not yet filled, and dies on a JSONDecodeError."""

import hashlib
import multiprocessing
import socket
import time
from pathlib import Path

from kombu import Connection, Consumer, Exchange, Producer, Queue

from config.env import celery_config, celery_folders

PRODUCERS = 50
MESSAGES_EACH = 10
# Producers pace their messages like requests arriving at the site, so the consumer keeps up
# and reads each file soon after it appears: the moment a torn read would happen.
PACE_SECONDS = 0.1

exchange = Exchange("load", type="direct")
queue = Queue("load", exchange, routing_key="load")


def connect(conf):
    return Connection(
        conf["broker_url"], transport=conf["broker_transport"], transport_options=conf["broker_transport_options"]
    )


def body(producer, n):
    items = [producer * 1000 + n] * 2000
    return {"producer": producer, "n": n, "items": items, "sha256": hashlib.sha256(repr(items).encode()).hexdigest()}


def produce(conf, producer):
    with connect(conf) as conn:
        publisher = Producer(conn.channel())
        for n in range(MESSAGES_EACH):
            time.sleep(PACE_SECONDS)
            # Every producer declares the queue too, as each Celery process does once.
            publisher.publish(
                body(producer, n), exchange=exchange, routing_key="load", declare=[queue], serializer="json"
            )


def test_every_message_arrives_once_and_whole_while_fifty_producers_publish(tmp_path):
    conf = celery_config(None, tmp_path)
    for folder in celery_folders(conf):
        folder.mkdir(parents=True, exist_ok=True)
    consumer_options = {**conf["broker_transport_options"], "polling_interval": 0.001}  # look hard
    received, corrupt = [], []

    def on_message(payload, message):
        if hashlib.sha256(repr(payload["items"]).encode()).hexdigest() != payload["sha256"]:
            corrupt.append((payload["producer"], payload["n"]))
        received.append((payload["producer"], payload["n"]))
        message.ack()

    context = multiprocessing.get_context("fork")  # each child opens its own connection
    with (
        connect({**conf, "broker_transport_options": consumer_options}) as conn,
        Consumer(conn.channel(), [queue], callbacks=[on_message], accept=["json"]),
    ):
        producers = [context.Process(target=produce, args=(conf, p)) for p in range(PRODUCERS)]
        for proc in producers:
            proc.start()
        deadline = time.monotonic() + 60
        while len(received) < PRODUCERS * MESSAGES_EACH and time.monotonic() < deadline:
            try:
                conn.drain_events(timeout=0.5)  # an error reading a message is raised here
            except socket.timeout:
                pass
        for proc in producers:
            proc.join(timeout=30)
        assert [proc.exitcode for proc in producers] == [0] * PRODUCERS

    expected = {(p, n) for p in range(PRODUCERS) for n in range(MESSAGES_EACH)}
    assert corrupt == []
    assert len(received) == len(expected) and set(received) == expected  # each exactly once
    queue_folder, _control, processed_folder, _results = celery_folders(conf)
    assert list(Path(queue_folder).iterdir()) == []  # nothing left behind, no temp file
    assert list(Path(processed_folder).iterdir()) == []  # nothing set aside as unreadable
