"""A service that failed is left alone for a while: one failed call per rest, not one per request.

The site leans on services it must never wait for on a request's path: Redis for the rate limits
(games.accounts.throttles) and the live streams' wake-ups (games.live.pubsub), the Celery broker for bot turns
(bots.tasks). When one of them fails, the caller falls back (counts in the process, skips the
wake-up, leaves the turn to the sweep) and records the failure here; until the rest is over the
caller goes straight to its fallback, and the service is tried again after it.
"""

import threading
import time


class Rest:
    """Per-service rests of ``seconds`` after each failure, in this process (thread-safe)."""

    def __init__(self, seconds=5.0):
        self.seconds = seconds
        self._lock = threading.Lock()
        self._until = {}  # service key -> monotonic time the rest ends

    def resting(self, key=""):
        """Whether ``key`` failed less than ``seconds`` ago: skip it and fall back."""
        return time.monotonic() < self._until.get(key, 0.0)

    def failed(self, key=""):
        """Record a failure of ``key``; True when it starts an outage (it was not resting), the
        moment to log it once."""
        with self._lock:
            starts = not self.resting(key)
            self._until[key] = time.monotonic() + self.seconds
        return starts

    def reset(self):
        with self._lock:
            self._until.clear()
