import json

import pytest
from rest_framework.test import APIClient

from games import throttles

# A moment at the start of a clock hour: windows of a second, a minute and an hour all begin here.
HOUR_START = 3600.0 * 480_000


class FakeClock:
    """The clock rate-limit windows are counted on (games.throttles.now), moved by hand."""

    def __init__(self):
        self.now = HOUR_START

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


@pytest.fixture
def clock(monkeypatch):
    fake = FakeClock()
    monkeypatch.setattr(throttles, "now", fake)
    return fake


@pytest.fixture
def alice(django_user_model):
    return django_user_model.objects.create_user("alice", password="correct horse battery")


def body(response):
    return json.loads(response.content)


def log_in(username, password, address="203.0.113.7", **headers):
    return APIClient().post(
        "/api/v1/auth/token/",
        {"username": username, "password": password},
        format="json",
        REMOTE_ADDR=address,
        **headers,
    )


def sign_up(username, password="a long pass phrase", address="203.0.113.7"):
    return APIClient().post(
        "/api/v1/auth/signup/", {"username": username, "password": password}, format="json", REMOTE_ADDR=address
    )


def assert_throttled(response):
    """A refusal by a rate limit: 429, the JSON error with its wait, and the same wait in Retry-After."""
    assert response.status_code == 429, response.content
    error = body(response)["error"]
    assert error["code"] == "throttled" and error["message"]
    assert isinstance(error["retry_after"], int) and error["retry_after"] >= 1
    assert response["Retry-After"] == str(error["retry_after"])
    return error["retry_after"]
