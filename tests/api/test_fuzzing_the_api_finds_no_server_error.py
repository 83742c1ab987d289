"""Schemathesis generates requests from the OpenAPI schema for every operation; none may 5xx.

Requests are sent as a staff user who also holds a seat in a live match, and to the polling
protocol as a bot seated there (so generated requests reach the deepest paths); the long polls
run on a fake clock so that a generated ``wait`` does not sleep. Each operation gets its own
Hypothesis run.
"""
import os

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings

from config.wsgi import application
from games import service
from games.tokens import issue_token

EXAMPLES = 150 if os.environ.get("HYPOTHESIS_PROFILE") == "ci" else 30
OPERATIONS = [("GET", "/api/v1/matches/{id}/export/"), ("GET", "/api/v1/tournaments/{id}/export/"),
              ("POST", "/api/v1/matches/paper/"), ("GET", "/api/v1/matches/{id}/verify/"), ("GET", "/api/v1/matches/{id}/replay/"),
              ("GET", "/api/v1/tournaments/{id}/verify/"), ("GET", "/api/v1/tournaments/{id}/rulings/"),
              ("POST", "/api/v1/tournaments/{id}/rulings/"), ("GET", "/api/v1/matches/"), ("POST", "/api/v1/matches/"), ("GET", "/api/v1/matches/{id}/"),
              ("GET", "/api/v1/matches/{id}/events/"), ("POST", "/api/v1/matches/{id}/actions/"),
              ("POST", "/api/v1/auth/signup/"), ("POST", "/api/v1/auth/token/"),
              ("GET", "/api/v1/bots/"), ("POST", "/api/v1/bots/"), ("GET", "/api/v1/bots/{id}/"),
              ("PATCH", "/api/v1/bots/{id}/"), ("POST", "/api/v1/bots/{id}/rotate/"),
              ("GET", "/api/v1/bot/turns/"), ("POST", "/api/v1/bot/turns/{request_id}/"),
              ("GET", "/api/v1/tournaments/"), ("POST", "/api/v1/tournaments/"), ("GET", "/api/v1/tournaments/{id}/"),
              ("GET", "/api/v1/tournaments/{id}/entrants/"), ("POST", "/api/v1/tournaments/{id}/entrants/"),
              ("POST", "/api/v1/tournaments/{id}/entrants/{entrant_id}/"),
              ("GET", "/api/v1/tournaments/{id}/standings/"),
              ("GET", "/api/v1/tournaments/{id}/results/"), ("GET", "/api/v1/tournaments/{id}/rounds/"),
              ("POST", "/api/v1/tournaments/{id}/rounds/"), ("GET", "/api/v1/tournaments/{id}/deals/verify/"),
              ("GET", "/api/v1/leaderboards/{ruleset}/")]


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def monotonic(self):
        return self.now

    def sleep(self, seconds):
        self.now += seconds


@pytest.fixture
def api_schema(settings, db):
    settings.ALLOWED_HOSTS = ["localhost", "testserver"]  # the in-process client's host
    # As Django's test client does: a request must not close the test's database connection,
    # which holds the test's transaction.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield schemathesis.openapi.from_wsgi("/api/v1/schema/", application)
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def headers(django_user_model, monkeypatch):
    import bots.api
    import games.api

    monkeypatch.setattr(games.api, "time", FakeClock())
    monkeypatch.setattr(bots.api, "time", FakeClock())
    from bots.api import new_credentials
    from bots.models import Bot

    staff = django_user_model.objects.create_user("fuzzer", password="long-enough-pass", is_staff=True)
    others = [django_user_model.objects.create_user(f"p{i}", password="long-enough-pass") for i in range(2)]
    token, _, hashes = new_credentials()
    poller = Bot.objects.create(owner=staff, name="fuzzbot", kind="polling", **hashes)
    service.do_create_match("king", {}, [staff, *others, poller], created_by=staff)
    from tournaments import service as tournaments

    tournament = tournaments.do_create_tournament(staff, "Fuzz cup", "king", {}, "swiss", 2)
    tournaments.do_register(tournament.pk, staff, user=others[0])
    # The bot's own endpoints take its token; every other operation the staff user's.
    return {"user": {"Authorization": f"Token {issue_token(staff)}"}, "bot": {"Authorization": f"Bot {token}"}}


def test_every_operation_of_the_api_is_fuzzed(api_schema):
    listed = {(op.ok().method.upper(), op.ok().path) for op in api_schema.get_all_operations()}
    assert listed == set(OPERATIONS)


@pytest.mark.django_db
@pytest.mark.parametrize("method, path", OPERATIONS)
def test_no_generated_request_gets_a_server_error(api_schema, headers, method, path):
    operation = api_schema[path][method]

    @given(case=operation.as_strategy())
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    def no_server_error(case):
        response = case.call(headers=headers["bot" if path.startswith("/api/v1/bot/") else "user"])
        assert response.status_code < 500, (case.method, case.formatted_path, case.query, case.body,
                                            response.text[:500])

    no_server_error()
