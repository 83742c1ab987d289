"""The limits hold across the site's processes (gunicorn workers, several machines with Redis):
processes hitting one limit at the same moment are allowed exactly the limit between them,
no more. Without REDIS_URL the counters live in games.accounts.throttles.SharedFileCache, whose add and
incr are atomic across processes; with it, in Redis."""

import multiprocessing
import os
import time
import uuid
from types import SimpleNamespace

import pytest

from games.accounts import throttles

PROCESSES, HITS_EACH, LIMIT = 4, 30, 50


def hammer(barrier, results):
    barrier.wait()
    results.put(sum(throttles.do_count(("actions", "user:1")).allowed for _ in range(HITS_EACH)))


def allowed_across_processes():
    """Forked processes (the test's settings and fake clock carried over) hitting one limit at once."""
    fork = multiprocessing.get_context("fork")
    barrier, results = fork.Barrier(PROCESSES), fork.Queue()
    procs = [fork.Process(target=hammer, args=(barrier, results)) for _ in range(PROCESSES)]
    for proc in procs:
        proc.start()
    counts = [results.get(timeout=60) for _ in procs]
    for proc in procs:
        proc.join(timeout=60)
    return sum(counts)


def test_processes_sharing_the_file_cache_are_allowed_the_limit_between_them(settings, tmp_path, clock):
    settings.CACHES = {"default": {"BACKEND": "games.accounts.throttles.SharedFileCache", "LOCATION": str(tmp_path)}}
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "actions": f"{LIMIT}/m"}
    assert allowed_across_processes() == LIMIT


def test_the_file_cache_counts_every_increment_of_racing_processes(settings, tmp_path):
    settings.CACHES = {"default": {"BACKEND": "games.accounts.throttles.SharedFileCache", "LOCATION": str(tmp_path)}}
    from django.core.cache import cache

    cache.add("counter", 0, timeout=600)
    fork = multiprocessing.get_context("fork")
    barrier = fork.Barrier(PROCESSES)

    def bump():
        barrier.wait()
        for _ in range(HITS_EACH):
            cache.incr("counter")

    procs = [fork.Process(target=bump) for _ in range(PROCESSES)]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(timeout=60)
    assert cache.get("counter") == PROCESSES * HITS_EACH


def test_an_increment_keeps_the_counter_s_expiry(settings, tmp_path, monkeypatch):
    settings.CACHES = {
        "default": {"BACKEND": "games.accounts.throttles.SharedFileCache", "LOCATION": str(tmp_path), "TIMEOUT": 10}
    }
    from django.core.cache import cache
    from django.core.cache.backends import base, filebased

    moment = [1_000_000.0]
    fake_time = SimpleNamespace(time=lambda: moment[0], monotonic=time.monotonic)
    for module in (base, filebased, throttles):
        monkeypatch.setattr(module, "time", fake_time)
    cache.add("counter", 1, timeout=3600)
    cache.incr("counter")
    moment[0] += 60  # past the default timeout, to which Django's own incr would have reset the entry
    assert cache.get("counter") == 2
    moment[0] += 3600
    assert cache.get("counter") is None


def test_culling_drops_expired_counters_and_keeps_live_ones(settings, tmp_path, monkeypatch):
    settings.CACHES = {
        "default": {
            "BACKEND": "games.accounts.throttles.SharedFileCache",
            "LOCATION": str(tmp_path),
            "OPTIONS": {"MAX_ENTRIES": 6},
        }
    }
    from django.core.cache import cache
    from django.core.cache.backends import base, filebased

    moment = [1_000_000.0]
    fake_time = SimpleNamespace(time=lambda: moment[0], monotonic=lambda: moment[0])
    for module in (base, filebased, throttles):
        monkeypatch.setattr(module, "time", fake_time)
    for i in range(5):
        cache.add(f"live{i}", 1, timeout=3600)
        cache.add(f"spent{i}", 1, timeout=10)
    moment[0] += 120  # the spent counters' windows are over, and the last cull a minute ago
    cache.add("new", 1, timeout=3600)  # over MAX_ENTRIES: Django would drop a random third, live or not
    assert [cache.get(f"live{i}") for i in range(5)] == [1] * 5 and cache.get("new") == 1
    assert len(list(tmp_path.glob("*.djcache"))) == 6


def test_the_site_counts_in_a_shared_cache(settings):
    backend = settings.CACHES[settings.THROTTLE_CACHE]["BACKEND"]
    expected = (
        "django.core.cache.backends.redis.RedisCache"
        if os.environ.get("REDIS_URL")
        else "games.accounts.throttles.SharedFileCache"
    )
    assert backend == expected


@pytest.mark.services
def test_processes_sharing_redis_are_allowed_the_limit_between_them(settings, clock):
    url = os.environ.get("REDIS_URL", "")
    if not url.startswith(("redis://", "rediss://")):
        pytest.skip("REDIS_URL is not set to a redis://... URL; this test needs that service")
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": url,
            "KEY_PREFIX": f"test-{uuid.uuid4().hex}",
        }
    }
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "actions": f"{LIMIT}/m"}
    assert allowed_across_processes() == LIMIT
