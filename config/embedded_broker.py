"""The broker and result store `make run` uses when there is no REDIS_URL: kombu's filesystem
transport and Celery's file result backend, made safe for concurrent producers and consumers.

Why these and not something else: the stock filesystem transport creates a message file
empty and fills it afterwards, and its consumer moves and reads files without a lock, so under
load a worker once read an empty message, died on a JSONDecodeError and every bot table
stopped. SQLAlchemy's transport on SQLite was the other candidate, but it would add a
dependency, keeps every delivered row forever and relies on SELECT ... FOR UPDATE, which SQLite
ignores (two consumers can take the same row). The filesystem only needs two POSIX guarantees
to be exact, both used here:

- rename() within one filesystem is atomic: a producer writes the whole message to a temporary
  name no consumer looks at and renames it into the queue folder, so a consumer sees either no
  file or a complete one;
- of several processes renaming the same file, exactly one succeeds: a consumer claims a message
  by renaming it into its processing folder (beside the queue, so the same filesystem), and a
  consumer that loses the race moves on to the next file. Each message is delivered once.

A file that still cannot be parsed (left by an older process running the stock transport, or
a crash of the machine before the data reached the disk) is set aside as `*.unreadable` and
logged, never raised: the consumer keeps serving the other messages.

The exchange tables (which queues an exchange routes to) get the same treatment: rewritten
whole under a lock and renamed into place, so a publisher never reads a half-written table.
"""

import logging
import os
import time
import uuid
from pathlib import Path
from queue import Empty

from celery.backends.filesystem import FilesystemBackend
from kombu.exceptions import ChannelError
from kombu.transport import filesystem, virtual
from kombu.utils.encoding import bytes_to_str, str_to_bytes
from kombu.utils.json import dumps, loads
from kombu.utils.objects import cached_property

logger = logging.getLogger(__name__)

# How long an idle consumer sleeps between looks at its queues. kombu's virtual transports
# default to 1 s, which a person playing house bots felt: their move waited up to a second for
# the worker to look. A look at empty queues is a listdir each, so an idle `make run` worker
# polling every 0.05 s burns about 4.5 ms of CPU a second (0.45% of a core; 0.5 ms at 1 s, 1.3 ms
# for one on Redis; 8.6 ms at 0.02 s), measured by bench.latency. EMBEDDED_BROKER_POLL_SECONDS
# (config/settings.py) trades one for the other.
POLL_SECONDS = 0.05
TEMP_SUFFIX = ".part"  # never ends in ".<queue>.msg", so no consumer takes a file half written
UNREADABLE_SUFFIX = ".unreadable"


def write_atomically(path: Path, data: bytes) -> None:
    """Write data to path so that readers see the old file or the whole new one, never a part.
    No fsync: this is a development broker, where a power cut may lose a message but a running
    site must never see a torn one (and a torn file after a crash is set aside, not fatal)."""
    temp = path.with_name(f"tmp-{uuid.uuid4().hex}{TEMP_SUFFIX}")
    try:
        with open(temp, "xb") as f:
            f.write(data)
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        # Wall-clock nanoseconds, zero-padded, sort the queue folder oldest first across
        # processes and reboots (the stock name uses unpadded monotonic milliseconds).
        name = f"{time.time_ns():020d}_{uuid.uuid4().hex}.{queue}.msg"
        try:
            write_atomically(Path(self.data_folder_out) / name, str_to_bytes(dumps(payload)))
        except OSError as exc:
            raise ChannelError(f"Cannot add message {name!r} to {self.data_folder_out}") from exc

    # Built once: an idle worker looks at its queues POLL_SECONDS apart, and making these Paths
    # anew on every look cost it more than the look itself (a listdir of an empty folder).
    @cached_property
    def queue_dir(self) -> Path:
        return Path(self.data_folder_in)

    @cached_property
    def claimed_dir(self) -> Path:
        return Path(self.processed_folder)

    def _get(self, queue):
        suffix = f".{queue}.msg"
        folder, claimed_dir = self.queue_dir, self.claimed_dir
        for name in sorted(os.listdir(folder)):
            if name.partition(".")[2] != suffix[1:]:  # another queue's message, or a temp file
                continue
            claimed = claimed_dir / name
            try:
                os.rename(folder / name, claimed)  # atomic: exactly one consumer wins it
            except FileNotFoundError:
                continue  # another consumer took it (or a purge removed it)
            try:
                data = claimed.read_bytes()
                payload = loads(bytes_to_str(data))
            except (OSError, ValueError) as exc:
                logger.error("Unreadable message %s set aside as %s%s: %r", name, claimed, UNREADABLE_SUFFIX, exc)
                os.replace(claimed, claimed.with_name(name + UNREADABLE_SUFFIX))
                continue
            if not self.store_processed:
                claimed.unlink(missing_ok=True)
            return payload
        raise Empty()

    # Exchange tables: read without a lock (the file is only ever replaced whole), rewritten
    # under an exclusive lock on a separate lock file so two binds cannot drop each other's queue.

    def _read_table(self, file: Path) -> list:
        try:
            return [filesystem.exchange_queue_t(*q) for q in loads(bytes_to_str(file.read_bytes()))]
        except FileNotFoundError:
            return []
        except ValueError as exc:
            raise ChannelError(f"Exchange table {file} is unreadable: {exc}") from exc

    def get_table(self, exchange):
        return self._read_table(self._exchange_file(exchange))

    def _update_table(self, exchange, change) -> None:
        file = self._exchange_file(exchange)
        self.control_folder.mkdir(parents=True, exist_ok=True)
        with open(file.with_name(file.name + ".lock"), "ab") as lock_file:
            filesystem.lock(lock_file, filesystem.LOCK_EX)
            try:
                try:
                    queues = self._read_table(file)
                except ChannelError:
                    queues = []  # a table torn by an older writer: rebuilt by the binds that follow
                new = change(list(queues))
                if new != queues:
                    write_atomically(file, str_to_bytes(dumps(new)))
            finally:
                filesystem.unlock(lock_file)

    def _queue_bind(self, exchange, routing_key, pattern, queue):
        entry = filesystem.exchange_queue_t(routing_key or "", pattern or "", queue or "")
        self._update_table(exchange, lambda queues: queues if entry in queues else [entry, *queues])

    def _delete(self, queue, exchange, routing_key, pattern, *args, **kwargs):
        virtual.Channel._delete(self, queue, exchange, routing_key, pattern, *args, **kwargs)
        entry = filesystem.exchange_queue_t(routing_key or "", pattern or "", queue or "")
        self._update_table(exchange, lambda queues: [q for q in queues if q != entry])


class Transport(filesystem.Transport):
    Channel = Channel
    polling_interval = POLL_SECONDS  # the transport option "polling_interval" overrides it
    global_state = virtual.BrokerState()  # not shared with a stock filesystem transport in-process
    driver_name = "filesystem-atomic"


class AtomicFilesystemBackend(FilesystemBackend):
    """Celery's file result backend writes a result file in place, so a client polling for it
    could read half of it; this one renames each complete result into place."""

    def set(self, key, value):
        if isinstance(value, str):
            value = value.encode()
        write_atomically(Path(os.fsdecode(self._filename(key))), value)
