"""Rate limits, counted in the cache that every process of the site shares.

Each limited scope (``settings.THROTTLE_RATES``) has one or more rates such as ``"5/m, 20/h"``:
at most 5 in each clock minute and 20 in each clock hour, so a burst is slowed to the first rate
and then refused for the rest of the hour. Counters are fixed windows, one cache key per
(scope, who, window), created with ``add`` and raised with ``incr``: both atomic in Redis, and
in ``SharedFileCache`` below (the fallback without Redis) under a file lock, so parallel
requests from several processes cannot slip past a limit together. A refused attempt is not
counted (the lock-out ends when its window does, however hard it is hammered), and
``do_refund`` gives an attempt back (a successful log-in does not count as a failure).

When the shared cache cannot be reached (Redis down), the counting goes on in the process's own
memory (``counting``): the same limits, per process instead of for the whole site, and the
site keeps answering instead of failing every limited route with a 500. The shared cache is
tried again after a rest of a few seconds (games.outages: an outage costs one failed connection
per rest, not one per request); each switch is logged.

Who is counted: API routes per caller (a bot by its own id, a person by their account, whatever
token or session they use, anonymous callers by address); log-ins and sign-ups per client
address *and* per account name tried (its canonical form, so ``ALICE`` spends ``alice``'s).
"""

import contextlib
import functools
import hashlib
import ipaddress
import logging
import math
import os
import pickle
import re
import time
import zlib
from dataclasses import dataclass

import redis.exceptions
from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.filebased import FileBasedCache
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from django.core.exceptions import ImproperlyConfigured
from django.core.files import locks
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.throttling import BaseThrottle

from games import outages
from games.accounts.usernames import canonical, name_keys

now = time.time  # the clock windows are counted on (tests swap in a fake one)
logger = logging.getLogger(__name__)

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
RATE = re.compile(r"^(\d+)/(\d*)([smhd])[a-z]*$")
# A counter outlives its window by this much, so that a process whose clock lags a little
# still finds it (and so that Redis never sees ``incr`` on a key that just expired).
KEY_GRACE_SECONDS = 5


def parse_rates(text):
    """``"5/m, 20/h"`` -> ``((5, 60), (20, 3600))``; ``"10/30s"`` is 10 per 30 seconds; empty: no limit."""
    limits = []
    for part in (text or "").split(","):
        part = part.replace(" ", "").lower()
        if not part:
            continue
        match = RATE.match(part)
        if match is None or int(match[1]) < 1 or match[2] == "0":
            raise ImproperlyConfigured(f"bad rate {part!r}: write '<count>/<period>' such as '5/m', '20/h' or '10/30s'")
        limits.append((int(match[1]), int(match[2] or 1) * UNITS[match[3]]))
    return tuple(limits)


def scope_limits(scope):
    return parse_rates(settings.THROTTLE_RATES.get(scope, ""))


# ------------------------------------------------------------------ who is counted
def client_address(request):
    """The client's address: REMOTE_ADDR, or with ``TRUSTED_PROXIES = n`` the address the n-th
    proxy from us saw (each proxy appends to X-Forwarded-For; anything left of that is the
    client's own claim and is never trusted). An IPv6 client is counted by its /64, which one
    subscriber usually holds whole."""
    address = request.META.get("REMOTE_ADDR", "")
    proxies = settings.TRUSTED_PROXIES
    if proxies:
        hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
        if hops:
            address = hops[-min(proxies, len(hops))]
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:100] or "unknown"
    if ip.version == 6 and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip.ipv4_mapped or ip) if ip.version == 6 else str(ip)


def caller(request):
    """Whose budget an API request spends: a bot's own (``request.auth`` is the bot), a person's
    account (every token and session of theirs together), else the client address."""
    auth = getattr(request, "auth", None)
    meta = getattr(auth, "_meta", None)
    if meta is not None and meta.label_lower != "games.apitoken":
        return f"{meta.label_lower}:{auth.pk}"
    if request.user.is_authenticated:
        return f"user:{request.user.pk}"
    return f"address:{client_address(request)}"


# ------------------------------------------------------------------ counting
@dataclass(frozen=True)
class Tally:
    allowed: bool
    retry_after: int = 0  # seconds until the refusing windows end (when refused)
    keys: tuple = ()  # the counters this attempt was added to (for do_refund)
    cache: object = None  # the cache they were counted in (the process's own during an outage)


def counter_key(scope, who, seconds, window):
    # Hashed: ``who`` may be any text someone typed as a username (the cache wants short keys).
    digest = hashlib.sha256(who.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return f"throttle:{scope}:{seconds}:{digest}:{window}"


def do_count(*counted):
    """Count one attempt against every ``(scope, who)`` pair given; if any of their limits is
    reached, count nothing and return the refusal with the longest wait."""
    moment = now()
    counters, limits, waits = [], [], []
    for scope, who in counted:
        for limit, seconds in scope_limits(scope):
            window = int(moment // seconds)
            ends = (window + 1) * seconds
            counters.append((counter_key(scope, who, seconds, window), math.ceil(ends - moment) + KEY_GRACE_SECONDS))
            limits.append((limit, ends))
    added = tuple(key for key, _ in counters)
    counts, cache = counting(lambda cache: raise_counters(cache, counters))
    for count, (limit, ends) in zip(counts, limits):
        if count > limit:
            waits.append(max(1, math.ceil(ends - moment)))
    if waits:
        refund(cache, added)
        return Tally(False, retry_after=max(waits))
    return Tally(True, keys=added, cache=cache)


# ------------------------------------------------------------------ when the shared cache is down
# What a cache that cannot be reached raises: redis-py's connection and timeout errors (the
# refused connection, ConnectionRefusedError, arrives as its ConnectionError), and the
# operating system's own for the file cache (a full disk, a folder it may not write).
UNREACHABLE = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OSError)


# The shared cache's outages, per cache location: while one lasts the counting is done in a
# LocMemCache of the process (one per key prefix, so that sites or tests sharing a process never
# share counts), and the shared cache is tried again once its rest is over.
OUTAGE = outages.Rest(5.0)


def cache_location(alias):
    location = settings.CACHES[alias].get("LOCATION", "")
    return ",".join(location) if isinstance(location, (list, tuple)) else str(location)


def local_cache(alias):
    """This process's stand-in for the shared cache ``alias``, with its key prefix."""
    prefix = settings.CACHES[alias].get("KEY_PREFIX", "")
    options = {"KEY_PREFIX": prefix, "OPTIONS": {"MAX_ENTRIES": 100_000}}
    return LocMemCache(f"throttle-fallback:{alias}:{prefix}", options)


def counting(operation):
    """``(operation(cache), cache)`` on the shared throttle cache, or on the process's own while
    the shared one cannot be reached (an outage is logged, and the shared cache rested)."""
    alias = settings.THROTTLE_CACHE
    location = cache_location(alias)
    if not OUTAGE.resting(location):
        cache = caches[alias]
        try:
            return operation(cache), cache
        except UNREACHABLE as e:
            if OUTAGE.failed(location):
                logger.warning(
                    "rate limits: the shared cache at %s cannot be reached (%s); counting in this process meanwhile",
                    location,
                    e,
                )
    cache = local_cache(alias)
    return operation(cache), cache


# INCR and EXPIRE of each counter, in one round trip and atomically (as a MULTI pipeline would
# be): the expiry is the same end each time, the window's plus the grace.
RAISE_COUNTERS_LUA = """
local counts = {}
for i, key in ipairs(KEYS) do
    counts[i] = redis.call('INCR', key)
    redis.call('EXPIRE', key, ARGV[i])
end
return counts
"""


def redis_counter(cache):
    """The counting script on the cache's Redis client, both made once per cache object (one
    per thread): Django's cache makes a new redis-py client on every call, and redis-py builds
    a table of some 170 reply parsers for each client and each pipeline, which cost more than
    the round trip itself."""
    script = getattr(cache, "_throttle_counter", None)
    if script is None:
        client = cache._cache.get_client(None, write=True)
        script = cache._throttle_counter = client.register_script(RAISE_COUNTERS_LUA)
    return script


def raise_counters(cache, counters):
    """Add one to each ``(key, timeout)`` counter, creating it to live ``timeout`` seconds;
    return the new counts. On Redis in one round trip (a script: an action pays one trip, not
    three per counter); elsewhere with the cache's own atomic add and incr."""
    if isinstance(cache, RedisCache) and counters:
        keys = [cache.make_and_validate_key(key) for key, _ in counters]
        return [int(count) for count in redis_counter(cache)(keys=keys, args=[timeout for _, timeout in counters])]
    counts = []
    for key, timeout in counters:
        if cache.add(key, 1, timeout=timeout):
            counts.append(1)
            continue
        try:
            counts.append(cache.incr(key))
        except ValueError:  # expired between the two calls: a new window began
            cache.add(key, 1, timeout=timeout)
            counts.append(1)
    return counts


def do_refund(tally):
    """Give back an attempt that was counted (a log-in that succeeded)."""
    if tally.keys:
        refund(tally.cache or caches[settings.THROTTLE_CACHE], tally.keys)


def refund(cache, keys):
    for key in keys:
        # Already expired: nothing to give back. Unreachable since: the count lapses with its window.
        with contextlib.suppress(ValueError, *UNREACHABLE):
            cache.decr(key)


def do_count_login(request, username):
    """A log-in attempt, per client address and per account name: its canonical form after the
    stripping that Django's and DRF's fields do, so that every spelling that logs in to one
    account (games.accounts.users.find_account) spends that account's budget."""
    return do_count(("login_address", client_address(request)), ("login_account", canonical(username.strip())))


def do_count_signup(request, username):
    """A sign-up attempt, per client address and per name tried (and every name that looks like it)."""
    return do_count(
        ("signup_address", client_address(request)),
        *(("signup_account", key) for key in sorted(name_keys(username.strip()))),
    )


class TooManyAttempts(exceptions.Throttled):
    """A log-in or sign-up refused by do_count_login / do_count_signup (429, Retry-After): the
    catalogue's ``throttled`` (games.errors.throttled), with this limit as its ``problem``."""

    problem = _("too many attempts for this account or from this address")
    default_detail = problem


# ------------------------------------------------------------------ API routes
# Routes limited per caller, by (method, URL name in config/urls.py): one list of what is limited.
ROUTES = {
    ("POST", "api-match-actions"): "actions",
    ("POST", "api-bot-turn"): "actions",
    ("GET", "api-match-events"): "polls",
    ("GET", "api-bot-turns"): "polls",
    ("GET", "api-tokens"): "tokens",
    ("DELETE", "api-token"): "tokens",
    # Starting or joining a game (the bots app's sparring, challenges and their acceptance, the
    # ladder's entries): within the owner's caps, and not faster than this. Declining or
    # cancelling a challenge starts nothing and is never held back: a throttled owner can still
    # say no.
    ("POST", "api-bot-sparring"): "games",
    ("POST", "api-challenges"): "games",
    ("POST", "api-challenge-accept"): "games",
    ("POST", "api-ladder-entries"): "games",
    ("GET", "api-me-matches"): "polls",  # a client's "my games" list, asked again and again
    ("GET", "api-me-games"): "polls",
    ("GET", "api-me-games-export"): "exports",  # up to 500 whole games a request
    ("POST", "api-bot-ping"): "pings",  # each ping is a call the workers make to the bot's URL
    ("POST", "api-club-join"): "club_joins",  # a link's secret is not to be found by trying
    ("POST", "api-score-tables"): "score_tables",
    ("GET", "api-score-table"): "table_entries",  # a key is not to be found by trying
    ("POST", "api-score-table-actions"): "table_entries",
    ("POST", "api-score-table-preview"): "table_entries",
}


class RouteThrottle(BaseThrottle):
    """In REST_FRAMEWORK's DEFAULT_THROTTLE_CLASSES: limits each route of ``ROUTES`` per caller.
    DRF runs it after authentication, and a refusal is its 429 with a Retry-After header."""

    tally = None

    def allow_request(self, request, view):
        match = getattr(request, "resolver_match", None)
        scope = ROUTES.get((request.method, match.url_name if match else None))
        if scope is None:
            return True
        self.tally = do_count((scope, caller(request)))
        return self.tally.allowed

    def wait(self):
        return self.tally.retry_after if self.tally else None


def limit_posts(scope):
    """The API's limits for a page's POSTs (a card played at the table, a friends table set up):
    counted per caller in ``scope`` exactly as ROUTES counts the API, so the pages are no way
    round them. Past a limit, the 429 page with its Retry-After, and the view is not called."""

    def decorate(view):
        @functools.wraps(view)
        def limited(request, *args, **kwargs):
            if request.method == "POST":
                refused = over_limit_page(request, scope)
                if refused is not None:
                    return refused
            return view(request, *args, **kwargs)

        return limited

    return decorate


def over_limit_page(request, scope):
    """Count a page's request in ``scope`` for its caller: None within the limit, else the 429
    page with its Retry-After (``limit_posts``; a page reached by a key counts its GETs too)."""
    tally = do_count((scope, caller(request)))
    if tally.allowed:
        return None
    response = render(request, "registration/throttled.html", {"retry_after": tally.retry_after}, status=429)
    response["Retry-After"] = str(tally.retry_after)
    return response


# ------------------------------------------------------------------ the cache without Redis
class SharedFileCache(FileBasedCache):
    """Django's file cache, made safe for counters that several processes share.

    ``add`` and ``incr`` run under an exclusive lock on one file of the cache folder (Django's
    check-then-write versions are not atomic across processes), and ``incr`` keeps the entry's
    expiry (Django's resets it to the default timeout). Django lists the whole folder on every
    write to decide whether to cull; counters are many and short-lived, so this drops expired
    entries at most once a minute per process instead, then culls as Django does if the folder
    is still over MAX_ENTRIES.
    """

    cull_every_seconds = 60
    last_culls = {}  # folder -> monotonic time, per process (the cache object is made anew per thread)

    @contextlib.contextmanager
    def _exclusive(self):
        self._createdir()  # the folder may have been removed at any time
        with open(os.path.join(self._dir, "lock"), "ab") as lock_file:
            locks.lock(lock_file, locks.LOCK_EX)
            try:
                yield
            finally:
                locks.unlock(lock_file)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        with self._exclusive():
            return super().add(key, value, timeout, version)

    def incr(self, key, delta=1, version=None):
        with self._exclusive():
            fname = self._key_to_file(key, version)
            try:
                with open(fname, "rb") as f:
                    expiry = pickle.load(f)
                    value = pickle.loads(zlib.decompress(f.read()))
            except (FileNotFoundError, EOFError):
                raise ValueError(f"Key '{key}' not found") from None
            if expiry is not None and expiry < time.time():
                self._delete(fname)
                raise ValueError(f"Key '{key}' not found")
            value += delta
            temp = f"{fname}.{os.getpid()}.tmp"
            with open(temp, "wb") as f:
                f.write(pickle.dumps(expiry, self.pickle_protocol))
                f.write(zlib.compress(pickle.dumps(value, self.pickle_protocol)))
            os.replace(temp, fname)
            return value

    def _cull(self):
        last = self.last_culls.get(self._dir)
        if last is not None and time.monotonic() - last < self.cull_every_seconds:
            return
        self.last_culls[self._dir] = time.monotonic()
        for fname in self._list_cache_files():
            with contextlib.suppress(FileNotFoundError, EOFError, pickle.UnpicklingError), open(fname, "rb") as f:
                self._is_expired(f)  # deletes the file when it has expired
        super()._cull()
