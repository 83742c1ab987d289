"""A request body over DATA_UPLOAD_MAX_MEMORY_SIZE is refused with 413 and the JSON error body,
before anything is parsed or stored."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.models import Match

pytestmark = pytest.mark.django_db


def test_a_signup_with_a_body_over_the_limit_is_a_413_and_creates_no_account(settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    body = json.dumps({"username": "ana", "password": "a long pass phrase", "padding": "x" * 20_000})
    r = Client().post("/api/v1/auth/signup/", body, content_type="application/json")
    assert r.status_code == 413 and r["Content-Type"] == "application/json"
    assert json.loads(r.content)["error"]["code"] == "too_large"
    assert not get_user_model().objects.exists()


def test_the_same_signup_under_the_limit_goes_through(settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    body = json.dumps({"username": "ana", "password": "a long pass phrase", "padding": "x" * 5_000})
    assert Client().post("/api/v1/auth/signup/", body, content_type="application/json").status_code == 201


def test_a_new_match_over_the_limit_is_a_413_and_stores_no_match(settings, django_user_model):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    client = Client()
    client.force_login(django_user_model.objects.create_user("staff", password="a long pass phrase", is_staff=True))
    body = json.dumps({"ruleset": "king", "seats": [None] * 4, "options": {"x": "y" * 20_000}})
    r = client.post("/api/v1/matches/", body, content_type="application/json")
    assert r.status_code == 413 and json.loads(r.content)["error"]["code"] == "too_large"
    assert not Match.objects.exists()
