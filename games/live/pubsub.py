"""Redis publish/subscribe for the live streams (games/live/streams.py): a wake-up, never the data.

``publish`` runs in the processes that change matches, after the commit; ``Hub`` in the ASGI
process that serves the streams, one subscription for all of its streams' channels; and
``ThreadFollower`` runs a Hub on a thread of its own for the waits of a threaded server (the
long polls, a stream under WSGI), which follow a channel with a ``threading.Event``. All use
the pinned redis package (redis.asyncio for the Hub); all give up quietly, with a log line,
when Redis cannot be reached: a wait then reads the database instead.
"""

import asyncio
import contextlib
import logging
import threading
from collections import Counter

from django.conf import settings

from games import outages

logger = logging.getLogger(__name__)


def setting(name):
    return getattr(settings, name)


# ------------------------------------------------------------------ publishing (sync, after commit)
class Publisher:
    """PUBLISH to Redis from the processes that change matches (web threads, workers).

    Sent after the commit, on the action's own path: so it must never fail an action nor hold
    it up. The client has hard socket timeouts and no retries; any error is logged and then
    publishing rests for REST_SECONDS (an outage costs one timeout per rest, not one per
    action). Streams lose nothing but latency: they read the log at every keep-alive, and
    while their own subscription is down they poll.
    """

    REST_SECONDS = 5.0

    def __init__(self):
        self._lock = threading.Lock()
        self._clients = {}
        self._outage = outages.Rest(self.REST_SECONDS)

    def reset(self):
        with self._lock:
            self._clients.clear()
        self._outage.reset()

    def _client(self, url, timeout):
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        with self._lock:
            client = self._clients.get((url, timeout))
            if client is None:
                client = redis.Redis.from_url(
                    url,
                    socket_connect_timeout=timeout,
                    socket_timeout=timeout,
                    retry=Retry(NoBackoff(), 0),
                    health_check_interval=0,
                )
                self._clients[(url, timeout)] = client
            return client

    def publish(self, channel, message):
        url = settings.REDIS_URL
        if not url or self._outage.resting(url):
            return False
        try:
            timeout = setting("STREAM_PUBLISH_TIMEOUT_SECONDS")
            self._client(url, timeout).publish(setting("STREAM_CHANNEL_PREFIX") + channel, message)
            return True
        except Exception:  # anything at all: the action has committed and must still answer
            self._outage.failed(url)
            logger.warning(
                "could not publish %s to Redis; live streams will find it by reading the log",
                channel,
                exc_info=True,
            )
            return False


PUBLISHER = Publisher()


def publish(channel, message):
    """Publish ``message`` on ``<STREAM_CHANNEL_PREFIX><channel>``; never raises."""
    return PUBLISHER.publish(channel, message)


def match_channel(match_id):
    return f"stream:match:{match_id}"


def publish_match(announced):
    """A games.hooks.MATCH_ADVANCED receiver (games/apps.py): wakes the match's streams."""
    publish(match_channel(announced.match_id), str(announced.version))


# ------------------------------------------------------------------ subscribing (async, one per process)
class Channel:
    __slots__ = ("waiters", "ready")

    def __init__(self):
        self.waiters = set()  # asyncio.Events of the streams following it
        self.ready = asyncio.Event()  # Redis confirmed the subscription: a publish will wake us


class Hub:
    """One Redis pub/sub connection per event loop (a uvicorn worker has one) for all the
    channels its streams follow.

    A stream ``join``s its channel before it reads the log, and waits (briefly) for Redis to
    confirm the subscription, so that no publish can fall between its read and its
    subscription; every message on the channel sets each follower's event. Subscriptions are
    counted per channel: a channel is ready when Redis has confirmed as many SUBSCRIBEs as
    were sent for it since the connection was made (an UNSUBSCRIBE and a new SUBSCRIBE may
    cross). The reader PINGs when it has heard nothing for HEARTBEAT_SECONDS; on any error, or
    no answer, the connection is dropped and made again (after 0.5, 1, 2 ... 10 s) and every
    follower is woken to read the log, polling meanwhile (``is_live`` is false).
    """

    HEARTBEAT_SECONDS = 5.0
    CONNECT_SECONDS = 3.0
    CONFIRM_SECONDS = 2.0
    HOME = "stream:hub"  # always subscribed, so that the connection can always be read

    def __init__(self, url, prefix):
        self.url, self.prefix = url, prefix
        self.channels = {}
        self.healthy = False
        self.requested, self.confirmed = Counter(), Counter()
        self.client = self.pubsub = None
        self.task = None
        self.chores = set()  # unsubscribe tasks, referenced until done

    def start(self):
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self.run())

    async def join(self, name, waiter):
        """Follow channel ``name``: ``waiter`` is set on each message (and whenever the
        connection changes). Returns once Redis confirmed it, or after CONFIRM_SECONDS."""
        self.start()
        channel = self.channels.get(name)
        fresh = channel is None
        if fresh:
            channel = self.channels[name] = Channel()
        channel.waiters.add(waiter)
        if fresh and self.healthy:
            await self.command("subscribe", name)
        if self.healthy and not channel.ready.is_set():
            try:
                await asyncio.wait_for(channel.ready.wait(), self.CONFIRM_SECONDS)
            except TimeoutError:
                pass  # polls until it is confirmed (is_live)

    def leave(self, name, waiter):
        channel = self.channels.get(name)
        if channel is None:
            return
        channel.waiters.discard(waiter)
        if not channel.waiters:
            del self.channels[name]
            if self.healthy:
                chore = asyncio.get_running_loop().create_task(self.command("unsubscribe", name))
                self.chores.add(chore)
                chore.add_done_callback(self.chores.discard)

    def is_live(self, name):
        channel = self.channels.get(name)
        return self.healthy and channel is not None and channel.ready.is_set()

    async def command(self, verb, name):
        try:
            if verb == "subscribe":
                self.requested[name] += 1
                await self.pubsub.subscribe(self.prefix + name)
            else:
                await self.pubsub.unsubscribe(self.prefix + name)
        except Exception:
            logger.warning("Redis %s of %s failed", verb, name, exc_info=True)
            await self.broken()

    async def run(self):
        delay = 0.5
        while True:
            try:
                await self.connect()
                delay = 0.5
                await self.read()
            except asyncio.CancelledError:
                await self.broken()
                raise
            except Exception:
                logger.warning(
                    "live streams lost their Redis subscription; polling the database meanwhile", exc_info=True
                )
            await self.broken()
            await asyncio.sleep(delay)
            delay = min(delay * 2, 10.0)

    async def connect(self):
        import redis.asyncio as aioredis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        self.client = aioredis.Redis.from_url(
            self.url,
            socket_connect_timeout=self.CONNECT_SECONDS,
            retry=Retry(NoBackoff(), 0),
            health_check_interval=0,
        )
        self.pubsub = self.client.pubsub()
        self.requested.clear()
        self.confirmed.clear()
        names = [self.HOME, *self.channels]
        self.requested.update(names)
        await asyncio.wait_for(self.pubsub.subscribe(*(self.prefix + n for n in names)), self.CONNECT_SECONDS)
        self.healthy = True

    async def read(self):
        loop = asyncio.get_running_loop()
        heard = loop.time()
        while True:
            message = await self.pubsub.get_message(timeout=self.HEARTBEAT_SECONDS)
            now = loop.time()
            if message is None:
                if now - heard > 2 * self.HEARTBEAT_SECONDS:
                    raise ConnectionError("Redis did not answer PING")
                await self.pubsub.ping()  # answered by a "pong" message
                continue
            heard = now
            kind = message["type"]
            kind = kind.decode() if isinstance(kind, bytes) else kind
            raw = message.get("channel")
            if raw is None:
                continue
            name = (raw.decode() if isinstance(raw, bytes) else raw).removeprefix(self.prefix)
            channel = self.channels.get(name)
            if kind == "subscribe":
                self.confirmed[name] += 1
                if channel is not None and self.confirmed[name] >= self.requested[name]:
                    channel.ready.set()
                    wake(channel.waiters)  # anything published before the subscription is in the log
            elif kind == "message" and channel is not None:
                wake(channel.waiters)

    async def broken(self):
        """Down: followers poll (and are woken now to read the log); the client is dropped."""
        self.healthy = False
        for channel in self.channels.values():
            channel.ready.clear()
            wake(channel.waiters)
        pubsub, client, self.pubsub, self.client = self.pubsub, self.client, None, None
        for closing in (pubsub, client):
            if closing is not None:
                try:
                    await asyncio.wait_for(closing.aclose(), 1.0)
                except Exception:  # already broken: nothing more to do with it
                    pass


def wake(waiters):
    for waiter in list(waiters):
        waiter.set()


_HUBS = {}


def hub():
    """This event loop's Hub, or None without Redis (streams then poll the database)."""
    url = settings.REDIS_URL
    if not url:
        return None
    loop = asyncio.get_running_loop()
    found = _HUBS.get(loop)
    if found is None or found.url != url:
        for old in [lp for lp in _HUBS if lp.is_closed()]:
            del _HUBS[old]
        found = _HUBS[loop] = Hub(url, setting("STREAM_CHANNEL_PREFIX"))
    return found


# ------------------------------------------------------------------ following from threads
class ThreadFollower:
    """A Hub on an event loop of its own, on a daemon thread, for the waits of a threaded server
    (a long poll, a stream under WSGI): one Redis subscription for the process, as under ASGI.

    A wait ``follow``s its channel with a ``threading.Event`` (the Hub sets its waiters, so an
    Event of either kind will do), set on each message and whenever the subscription changes.
    Made at the first wait, in the process that serves it (never before a server forks)."""

    JOIN_SECONDS = Hub.CONFIRM_SECONDS + 1.0

    def __init__(self, url, prefix):
        self.url = url
        self.hub = Hub(url, prefix)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="pubsub-follower", daemon=True)
        self.thread.start()

    @contextlib.contextmanager
    def follow(self, name):
        """Yield an Event set on each message on channel ``name``; ``is_live(name)`` says
        whether a message can be waited for (else the wait polls)."""
        woken = threading.Event()
        try:
            asyncio.run_coroutine_threadsafe(self.hub.join(name, woken), self.loop).result(self.JOIN_SECONDS)
        except Exception:  # the subscription is not confirmed: is_live says so, the wait polls
            logger.warning("could not follow %s on Redis; reading the database instead", name, exc_info=True)
        try:
            yield woken
        finally:
            self.loop.call_soon_threadsafe(self.hub.leave, name, woken)

    def is_live(self, name):
        return self.hub.is_live(name)


_FOLLOWER = None
_FOLLOWER_LOCK = threading.Lock()


def follower():
    """This process's ThreadFollower, or None without Redis (waits then poll the database)."""
    global _FOLLOWER
    url = settings.REDIS_URL
    if not url:
        return None
    prefix = setting("STREAM_CHANNEL_PREFIX")
    with _FOLLOWER_LOCK:
        if _FOLLOWER is None or (_FOLLOWER.url, _FOLLOWER.hub.prefix) != (url, prefix):
            if _FOLLOWER is not None:  # the settings changed (tests do): the old one's loop stops
                _FOLLOWER.loop.call_soon_threadsafe(_FOLLOWER.loop.stop)
            _FOLLOWER = ThreadFollower(url, prefix)
        return _FOLLOWER
