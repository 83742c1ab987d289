"""``python -m bench.appends``: appends per second of ``games.record.eventlog`` beside the eventsourcing
library's PostgreSQL recorder and raw psycopg, on PostgreSQL, in the same run.

Two shapes of transaction: one event (a card played), and one deal (a real King deal's events,
from a game the engine plays, about 60). Every contender writes each transaction to a stream of
its own, tracking the stream's head in memory as the action path does under its row lock:

- ``eventlog``: ``eventlog.append(..., known_head=...)`` inside ``transaction.atomic()``, through
  Django: the hash chain, the sealed head, the rows.
- ``eventlog, head read``: the same without ``known_head`` (the append reads the head and
  guards the caller's transaction with a savepoint): a writer that holds no lock.
- ``eventsourcing``: ``PostgresApplicationRecorder.insert_events`` (its documented recorder
  API: its own transaction, its table lock and NOTIFY), each event's payload as its stored state.
- ``raw psycopg``: the rows eventlog writes (hash chain and head seal computed the same way),
  one multi-row INSERT and the head upsert in one transaction, on a plain psycopg connection.

Each is measured with one writer and with several at once (``--writers``: threads, a connection
and streams each), as a site's workers write: the library takes a lock on its whole table for
each insert, eventlog and the raw rows only the stream's row. Rounds are interleaved (each
contender in turn, the order rotated each round), so a noisy machine slows every contender
alike; figures are medians over rounds. Needs DATABASE_URL
pointing at PostgreSQL (a test database is created and dropped).
"""

import argparse
import os
import random
import statistics
import sys
import threading
import time

# Issue 36's targets, for one event a transaction (a card played): eventlog's appends a second
# at least these many times the library's, by writers at once (one writer; four or more), and
# with one writer at least this fraction of raw psycopg's writing the same rows. A deal a
# transaction is measured and printed beside them, with no target.
TARGET_VS_LIBRARY = {1: 1.0, 4: 2.0}
TARGET_VS_RAW = 0.8


def targets(writers, shape):
    """(times the library, fraction of raw psycopg) eventlog must reach; None where none is set."""
    if not shape.startswith("one event"):
        return None, None
    library = TARGET_VS_LIBRARY[1] if writers < 4 else TARGET_VS_LIBRARY[4]
    return library, TARGET_VS_RAW if writers == 1 else None


def deal_events(seed=1):
    """The events of one whole deal of a game of the engine's first ruleset (King) played at
    random: the longest deal's deal_started, its plays and tricks, its deal_ended."""
    from bench.bots import DEFAULT_RULESET
    from games.engine import new_game

    rng = random.Random(seed)
    state = new_game(DEFAULT_RULESET, seed=seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    starts = [i for i, e in enumerate(state.events) if e["type"] == "deal_started"]
    ends = [i for i, e in enumerate(state.events) if e["type"] == "deal_ended"]
    # The longest deal: one played to its last trick, not one ended early.
    best = max(zip(starts, ends), key=lambda se: se[1] - se[0])
    return [dict(e) for e in state.events[best[0] : best[1] + 1]]


class Eventlog:
    name = "eventlog"
    known_head = True

    def __init__(self, prefix):
        self.prefix, self.n = prefix, 0

    def write(self, events, metadata):
        from django.db import transaction

        from games.record import eventlog

        self.n += 1
        stream = f"{self.prefix}/{self.n}"
        with transaction.atomic():
            if self.known_head:
                eventlog.append(stream, 0, events, metadata, known_head=(0, eventlog.GENESIS_HASH))
            else:
                eventlog.append(stream, 0, events, metadata)

    def close(self):
        pass


class EventlogHeadRead(Eventlog):
    name = "eventlog, head read"
    known_head = False


class Library:
    """The eventsourcing library's PostgreSQL application recorder."""

    name = "eventsourcing"

    def __init__(self, prefix, settings_dict, create=False):
        from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore

        self.datastore = PostgresDatastore(
            dbname=settings_dict["NAME"],
            host=settings_dict["HOST"] or "127.0.0.1",
            port=settings_dict["PORT"] or 5432,
            user=settings_dict["USER"],
            password=settings_dict["PASSWORD"] or "",
            originator_id_type="text",
        )
        self.recorder = PostgresApplicationRecorder(self.datastore, events_table_name="bench_stored_events")
        if create:
            self.recorder.create_table()
        self.prefix, self.n = prefix, 0

    def write(self, events, metadata):
        from eventsourcing.persistence import StoredEvent

        from games.record.eventlog import canonical_json

        self.n += 1
        stream = f"{self.prefix}/{self.n}"
        stored = [
            StoredEvent(
                originator_id=stream,
                originator_version=version,
                topic=event["type"],
                state=canonical_json({"payload": event, "metadata": metadata}).encode(),
            )
            for version, event in enumerate(events, 1)
        ]
        self.recorder.insert_events(stored)

    def close(self):
        self.datastore.close()


class RawPsycopg:
    """eventlog's rows (hash chain, sealed head) written with psycopg alone."""

    name = "raw psycopg"

    def __init__(self, prefix, settings_dict):
        import psycopg

        self.conn = psycopg.connect(
            dbname=settings_dict["NAME"],
            host=settings_dict["HOST"] or "127.0.0.1",
            port=settings_dict["PORT"] or 5432,
            user=settings_dict["USER"],
            password=settings_dict["PASSWORD"] or "",
        )
        self.prefix, self.n = prefix, 0

    def write(self, events, metadata):
        from django.utils import timezone
        from psycopg.types.json import Jsonb

        from games.record.eventlog import GENESIS_HASH, chain_hash, event_document, head_seal

        self.n += 1
        stream = f"{self.prefix}/{self.n}"
        now = timezone.now()
        prev, params = GENESIS_HASH, []
        for version, event in enumerate(events, 1):
            payload = {k: v for k, v in event.items() if k != "type"}
            digest = chain_hash(prev, event_document(stream, version, event["type"], payload, metadata, now))
            params += [stream, version, event["type"], Jsonb(payload), Jsonb(metadata), now, prev, digest]
            prev = digest
        values = ",".join(["(%s,%s,%s,%s,%s,%s,%s,%s)"] * len(events))
        with self.conn.transaction(), self.conn.cursor() as cur:
            cur.execute(
                "INSERT INTO games_event (stream, version, type, payload, metadata, recorded_at, prev_hash, hash) "
                f"VALUES {values}",
                params,
            )
            cur.execute(
                "INSERT INTO games_streamhead (stream, version, hash, seal) VALUES (%s,%s,%s,%s) "
                "ON CONFLICT (stream) DO UPDATE SET version = EXCLUDED.version, hash = EXCLUDED.hash, "
                "seal = EXCLUDED.seal",
                [stream, len(events), prev, head_seal(stream, len(events), prev)],
            )

    def close(self):
        self.conn.close()


def run(factory, prefix, events, metadata, writers, seconds):
    """Appends per second of ``writers`` threads, each with its own connection and streams,
    writing for ``seconds`` (their connections opened and warmed before the clock starts)."""
    from django.db import connection

    ready = threading.Barrier(writers + 1)
    stop = threading.Event()
    counts = [0] * writers
    failures = []

    def writer(i):
        contender = factory(f"{prefix}/{i}")
        try:
            contender.write(events, metadata)
            ready.wait()
            while not stop.is_set():
                contender.write(events, metadata)
                counts[i] += 1
        except Exception as e:  # reported, not swallowed: a failed contender has no figure
            failures.append(e)
            ready.abort()
        finally:
            contender.close()
            connection.close()

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(writers)]
    for t in threads:
        t.start()
    ready.wait()
    start = time.perf_counter()
    time.sleep(seconds)
    stop.set()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - start
    if failures:
        raise failures[0]
    return sum(counts) / elapsed


def measure(rounds, seconds, writer_counts):
    from django.db import connection

    deal = deal_events()
    shapes = [("one event", deal[1:2]), (f"one deal ({len(deal)} events)", deal)]
    metadata = {"actor": "user:1", "seat": 0, "command_id": None}
    settings_dict = dict(connection.settings_dict)
    Library("bench/setup", settings_dict, create=True).close()  # its table, once
    contenders = {
        "eventlog": Eventlog,
        "eventlog, head read": EventlogHeadRead,
        "eventsourcing": lambda prefix: Library(prefix, settings_dict),
        "raw psycopg": lambda prefix: RawPsycopg(prefix, settings_dict),
    }
    results = {}
    for writers in writer_counts:
        for shape, events in shapes:
            names = list(contenders)
            rates = {name: [] for name in names}
            for r in range(rounds):
                for name in names[r % len(names) :] + names[: r % len(names)]:
                    prefix = f"bench/{name}/{writers}/{len(events)}/{r}"
                    rates[name].append(run(contenders[name], prefix, events, metadata, writers, seconds))
            results[(writers, shape)] = (len(events), {name: statistics.median(v) for name, v in rates.items()})
    return results


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.appends", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=1.0, help="per contender per round")
    parser.add_argument(
        "--writers", default="1,4", help="concurrent writers (threads, a connection each), comma-separated"
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("SECRET_KEY", "bench-only")
    import django

    django.setup()
    from django.db import connection

    if connection.vendor != "postgresql":
        sys.exit("bench.appends compares PostgreSQL writers: set DATABASE_URL=postgres://...")
    old = connection.creation.create_test_db(verbosity=0)
    try:
        results = measure(args.rounds, args.seconds, [int(w) for w in args.writers.split(",")])
    finally:
        connection.close()
        connection.creation.destroy_test_db(old, verbosity=0)
    failed = False
    for (writers, shape), (n, rates) in results.items():
        print(
            f"appends of {shape} per transaction, {writers} writer{'s' if writers > 1 else ''} at once, "
            f"PostgreSQL, medians of {args.rounds} rounds:"
        )
        for name, rate in rates.items():
            print(f"  {name:<22} {rate:8.0f} appends/s {rate * n:9.0f} events/s")
        ours, library, raw = rates["eventlog"], rates["eventsourcing"], rates["raw psycopg"]
        vs_library, vs_raw = targets(writers, shape)
        ok = (vs_library is None or ours >= vs_library * library) and (vs_raw is None or ours >= vs_raw * raw)
        failed |= not ok
        wanted = [f">= {t}x {who}" for t, who in ((vs_library, "the library"), (vs_raw, "raw psycopg")) if t]
        verdict = f"target {', '.join(wanted)}: {'ok' if ok else 'BELOW TARGET'}" if wanted else "no target"
        print(f"  eventlog: {ours / library:.2f}x the library, {ours / raw:.2f}x raw psycopg; {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
