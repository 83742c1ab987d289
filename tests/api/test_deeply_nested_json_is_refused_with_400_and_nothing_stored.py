"""A JSON body nested deeper than the parser allows (config.api_parsers.MAX_DEPTH) is a 400
with the usual error body, not a RecursionError's 500, and nothing is stored; brackets inside
strings do not count, and ordinary bodies pass."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from config.api_parsers import MAX_DEPTH, nesting_depth
from games.models import Match

pytestmark = pytest.mark.django_db


def nested(depth):
    return "[" * depth + "]" * depth


def signup(extra):
    body = '{"username": "ana", "password": "a long pass phrase", "extra": %s}' % extra
    return Client().post("/api/v1/auth/signup/", body, content_type="application/json")


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 2_000, 200_000])
def test_a_signup_nested_too_deep_is_a_400_and_creates_no_account(depth):
    r = signup(nested(depth))
    assert r.status_code == 400 and r["Content-Type"] == "application/json"
    error = json.loads(r.content)["error"]
    assert error["code"] == "parse_error" and "nests" in error["message"]
    assert not get_user_model().objects.exists()


def test_a_match_whose_options_nest_too_deep_is_a_400_and_stores_no_match(django_user_model):
    staff = django_user_model.objects.create_user("staff", password="a long pass phrase", is_staff=True)
    client = Client()
    client.force_login(staff)
    options = '{"a": ' * 5_000 + "1" + "}" * 5_000
    body = '{"ruleset": "king", "seats": [null, null, null, null], "options": %s}' % options
    r = client.post("/api/v1/matches/", body, content_type="application/json")
    assert r.status_code == 400 and json.loads(r.content)["error"]["code"] == "parse_error"
    assert not Match.objects.exists()


def test_a_body_just_within_the_depth_goes_through():
    assert signup(nested(MAX_DEPTH - 1)).status_code == 201  # the body's own object is one level


def test_brackets_inside_strings_do_not_count():
    body = json.dumps({"username": "ana", "password": "[{" * 50 + 'a "quoted" \\ pass'})
    assert Client().post("/api/v1/auth/signup/", body, content_type="application/json").status_code == 201


@pytest.mark.parametrize(
    "text, depth",
    [
        (b"{}", 1),
        (b'{"a": [1, {"b": []}]}', 3),
        (b'["]]]][[[[", "\\"[[["]', 1),
        (b'"' + b"[[[[" * 20 + b'"', 0),
        (b"[" * 40 + b"]" * 40, 40),
        (b'[[["unterminated \\" [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[', 3),
    ],
)
def test_nesting_depth_counts_only_brackets_outside_strings(text, depth):
    counted = nesting_depth(text)
    assert counted == depth or (depth <= MAX_DEPTH and counted <= MAX_DEPTH)  # cheap bounds below the limit
