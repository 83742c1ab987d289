"""``python -m bench.actions``: the action path in process, from the request to the response.

Random legal King actions (three quick games, about 1,100 actions) are POSTed to
``matches/{id}/actions/`` through Django's test client, with token authentication, the rate
limits and the append: the median and p90 per action. It uses DATABASE_URL and REDIS_URL when
set (a test database is created and dropped), else SQLite. No network server is involved: the
HTTP benchmark beside a bare endpoint is issue 21's.
"""
import json
import os
import random
import statistics
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("SECRET_KEY", "bench-only")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")  # the test client speaks plain HTTP
# Counted as always (their cost is part of the figure), but high enough never to refuse a
# client that acts faster than any person.
os.environ.setdefault("RATE_LIMITS", "actions=100000/s")
import django  # noqa: E402

django.setup()
from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
setup_test_environment()
old = connection.creation.create_test_db(verbosity=0)
try:
    from django.contrib.auth import get_user_model
    from django.test import Client
    from games import service
    from games.tokens import issue_token
    U = get_user_model()
    users = [U.objects.create_user(f"u{i}", password="long-enough-pass") for i in range(4)]
    clients = [Client(HTTP_AUTHORIZATION=f"Token {issue_token(u)}") for u in users]
    times = []
    rng = random.Random(1)
    for game in range(3):
        match = service.do_create_match("king", {"quick_game_combined_negatives": True}, users)
        while True:
            match.refresh_from_db()
            state = service.match_state(match)
            if state.is_over:
                break
            body = {"action": rng.choice(state.legal_actions()), "expected_version": match.version}
            t = time.perf_counter()
            r = clients[state.to_act].post(f"/api/v1/matches/{match.pk}/actions/", json.dumps(body), content_type="application/json")
            times.append(time.perf_counter() - t)
            assert r.status_code == 201, r.content
    times.sort()
    print(f"action POSTs in process ({connection.vendor}): {len(times)} actions: median {statistics.median(times)*1000:.2f} ms, p90 {times[int(len(times)*0.9)]*1000:.2f} ms")
finally:
    connection.creation.destroy_test_db(old, verbosity=0)
