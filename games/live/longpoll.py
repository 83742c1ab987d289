"""Long polls (``GET matches/{id}/events/?wait=``, ``GET bot/turns/?wait=``) without letting
waiting clients take every server thread.

A waiting request holds a thread of its process (gunicorn's gthread worker) until it answers.
Two caps, both per process, keep threads free for everyone else:

- ``LONG_POLL_MAX_WAITS``: waits held at once in the process, in all. Under gunicorn it is
  also held to half the worker's threads (``fit_to_threads``, from gunicorn.conf.py), so a
  crowd of waiting clients always leaves threads to serve pages.
- ``LONG_POLL_MAX_WAITS_PER_CLIENT``: waits one client holds at once: per address, and per
  account or bot when the request carries credentials (so one client cannot take the
  process's whole share).

A request over either cap does not wait: it is answered at once, exactly as with ``wait=0``
(its data is as fresh as a waited answer's), with ``Retry-After: 1`` telling the client to
pause before it asks again. When the server is asked to stop (``stop()``, from gunicorn's
SIGTERM/SIGINT hooks) every wait ends at once with what there is, so a restart never waits on
long polls.
"""

import threading
import time
from collections import Counter
from enum import Enum

from django.conf import settings

STEP_SECONDS = 0.25  # how often a waiting request looks again (a primary-key read)
RETRY_AFTER_SECONDS = 1  # what a declined wait tells its client to pause

clock = time.monotonic  # tests swap in a fake clock (with ``pause``)
_stopping = threading.Event()
_thread_cap = None  # set by fit_to_threads under gunicorn


class Outcome(Enum):
    READY = "ready"  # ready() became true
    TIMEOUT = "timeout"  # the client's wait ran out
    STOPPING = "stopping"  # the server is stopping: answered with what there is
    DECLINED = "declined"  # over a cap: answered at once, without waiting


def pause(seconds):
    """Sleep ``seconds``, or less: the server stopping wakes every pause at once."""
    _stopping.wait(seconds)


def stop():
    """The server is stopping: every wait ends now, and no new one begins."""
    _stopping.set()


def is_stopping():
    return _stopping.is_set()


def fit_to_threads(threads):
    """Hold the per-process cap to half of a gunicorn worker's threads (its post_worker_init)."""
    global _thread_cap
    _thread_cap = max(0, threads // 2)


def max_waits():
    cap = settings.LONG_POLL_MAX_WAITS
    return cap if _thread_cap is None else min(cap, _thread_cap)


class Slots:
    """The waits this process holds: how many in all, and per client key."""

    def __init__(self):
        self._lock = threading.Lock()
        self.total = 0
        self.held = Counter()

    def take(self, keys, max_total, max_per_client):
        """Take a slot for ``keys`` (a client's address and identity) if every cap allows."""
        with self._lock:
            if self.total >= max_total or any(self.held[k] >= max_per_client for k in keys):
                return False
            self.total += 1
            self.held.update(keys)
            return True

    def give_back(self, keys):
        with self._lock:
            self.total -= 1
            self.held.subtract(keys)
            for key in keys:
                if self.held[key] <= 0:
                    del self.held[key]


SLOTS = Slots()


def client_keys(request):
    """Who a wait counts against: the client's address, and the account or bot it authenticated
    as (the same identities as the rate limits count, games.accounts.throttles)."""
    from games.accounts.throttles import caller, client_address

    keys = {f"address:{client_address(request)}", caller(request)}
    return tuple(sorted(keys))


def wait(request, seconds, ready):
    """Wait up to ``seconds`` for ``ready()`` (called every STEP_SECONDS), unless a cap or the
    server stopping says not to. The caller has checked once already: this only waits."""
    if seconds <= 0:
        return Outcome.TIMEOUT
    if is_stopping():
        return Outcome.STOPPING
    keys = client_keys(request)
    if not SLOTS.take(keys, max_waits(), settings.LONG_POLL_MAX_WAITS_PER_CLIENT):
        return Outcome.DECLINED
    try:
        deadline = clock() + seconds
        while True:
            left = deadline - clock()
            if left <= 0:
                return Outcome.TIMEOUT
            pause(min(STEP_SECONDS, left))
            if is_stopping():
                return Outcome.STOPPING
            if ready():
                return Outcome.READY
    finally:
        SLOTS.give_back(keys)


def answer(response, outcome):
    """Mark a declined wait's answer so that its client pauses before asking again."""
    if outcome is Outcome.DECLINED:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
