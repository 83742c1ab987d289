"""``python -m bench.actions``: the action path in process, from the request to the response.

Random legal actions of three quick games (``--ruleset``, by default the engine's first: King,
about 1,100 actions) are POSTed to ``matches/{id}/actions/`` through Django's test client, with
token authentication, the rate limits and the append: the median and p90 per action. It uses
DATABASE_URL and REDIS_URL when set (a test database is created and dropped), else SQLite. No
network server is involved: the HTTP benchmark beside a bare endpoint is issue 21's.
"""

import argparse
import json
import os
import random
import statistics
import time

from bench.bots import DEFAULT_RULESET
from games.engine import RULESETS

# The shorter game where the ruleset has the flag (King's combined negatives), else its own.
QUICK_GAME = {"quick_game_combined_negatives": True}
GAMES = 3


def quick_options(ruleset):
    return {name: value for name, value in QUICK_GAME.items() if name in ruleset.flags}


def measure(ruleset):
    """(database vendor, seconds per action POST) over GAMES quick games of ``ruleset``."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client

    from games.accounts.tokens import issue_token
    from games.service import creating, states

    users = [
        get_user_model().objects.create_user(f"u{i}", password="long-enough-pass") for i in range(ruleset.num_seats())
    ]
    clients = [Client(HTTP_AUTHORIZATION=f"Token {issue_token(u)}") for u in users]
    times = []
    rng = random.Random(1)
    for _ in range(GAMES):
        match = creating.do_create_match(ruleset.name, quick_options(ruleset), users)
        while True:
            match.refresh_from_db()
            state = states.match_state(match)
            if state.is_over:
                break
            body = {"action": rng.choice(state.legal_actions()), "expected_version": match.version}
            started = time.perf_counter()
            r = clients[state.to_act].post(
                f"/api/v1/matches/{match.pk}/actions/", json.dumps(body), content_type="application/json"
            )
            times.append(time.perf_counter() - started)
            assert r.status_code == 201, r.content
    return connection.vendor, sorted(times)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m bench.actions", description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", choices=sorted(RULESETS), default=DEFAULT_RULESET)
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("SECRET_KEY", "bench-only")
    os.environ.setdefault("SECURE_SSL_REDIRECT", "0")  # the test client speaks plain HTTP
    # Counted as always (their cost is part of the figure), but high enough never to refuse a
    # client that acts faster than any person.
    os.environ.setdefault("RATE_LIMITS", "actions=100000/s")
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    old = connection.creation.create_test_db(verbosity=0)
    try:
        vendor, times = measure(RULESETS[args.ruleset])
    finally:
        connection.creation.destroy_test_db(old, verbosity=0)
    print(
        f"action POSTs in process ({vendor}, {RULESETS[args.ruleset].label}): {len(times)} actions: "
        f"median {statistics.median(times) * 1000:.2f} ms, p90 {times[int(len(times) * 0.9)] * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
