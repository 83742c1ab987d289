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

A wait that names its pub/sub ``channel`` (a match's, a bot's) is woken by the message published
after the commit that it waits for (games.live.pubsub.ThreadFollower), so what it waits for
reaches its client in milliseconds; it still reads every LONG_POLL_SAFETY_SECONDS, in case a
message was lost. Without Redis, or while the subscription is down, it reads every
LONG_POLL_STEP_SECONDS instead (less without Redis at all, as under ``make run``).
"""

import contextlib
import threading
import time
from collections import Counter
from enum import Enum

from django.conf import settings

STEP_SECONDS = 0.25  # how often a waiting request looks again when no message can wake it (a primary-key read)
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


_following = set()  # the Events of the waits woken by pub/sub, woken too when the server stops


def stop():
    """The server is stopping: every wait ends now, and no new one begins."""
    _stopping.set()
    for woken in list(_following):
        woken.set()


def step_seconds():
    """How often a wait reads when no message can wake it (LONG_POLL_STEP_SECONDS)."""
    return getattr(settings, "LONG_POLL_STEP_SECONDS", STEP_SECONDS)


@contextlib.contextmanager
def following(channel):
    """(an Event a message on ``channel`` sets, a function saying whether one can), or
    (None, None) when nothing can wake this wait (no channel, no Redis)."""
    from games.live import pubsub

    hub = pubsub.follower() if channel else None
    if hub is None:
        yield None, None
        return
    with hub.follow(channel) as woken:
        _following.add(woken)
        try:
            yield woken, lambda: hub.is_live(channel)
        finally:
            _following.discard(woken)


def rest(woken, live, seconds):
    """Wait up to ``seconds`` for what a wait waits for: a message on its channel while the
    subscription is live (reading anyway every LONG_POLL_SAFETY_SECONDS), else the next read.
    A followed wait is also woken when its subscription comes up or breaks (the Hub wakes its
    followers then), so it never sleeps a whole read step past either."""
    if woken is None:
        pause(min(step_seconds(), seconds))
        return
    woken.wait(min(seconds, settings.LONG_POLL_SAFETY_SECONDS if live() else step_seconds()))
    woken.clear()


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


def wait(request, seconds, ready, channel=None):
    """Wait up to ``seconds`` for ``ready()``, unless a cap or the server stopping says not to:
    woken by a message on ``channel`` (a pub/sub channel name) when Redis is there, else
    reading every LONG_POLL_STEP_SECONDS. The caller has checked once already: this only waits."""
    if seconds <= 0:
        return Outcome.TIMEOUT
    if is_stopping():
        return Outcome.STOPPING
    keys = client_keys(request)
    if not SLOTS.take(keys, max_waits(), settings.LONG_POLL_MAX_WAITS_PER_CLIENT):
        return Outcome.DECLINED
    try:
        deadline = clock() + seconds
        with following(channel) as (woken, live):
            # Followed now: what was published between the caller's read and the subscription
            # is in the database, so one more read misses nothing.
            if woken is not None and ready():
                return Outcome.READY
            while True:
                left = deadline - clock()
                if left <= 0:
                    return Outcome.TIMEOUT
                rest(woken, live, left)
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
