import json
import random

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from games import service
from games.tokens import issue_token
from tests.engine.helpers import random_hands

User = get_user_model()


def client_for(user=None):
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {issue_token(user)}")
    return client


@pytest.fixture
def players(db):
    return [User.objects.create_user(f"player{i}", password="long-enough-pass") for i in range(4)]


@pytest.fixture
def staff(db):
    return User.objects.create_user("arbiter", password="long-enough-pass", is_staff=True)


@pytest.fixture
def clients(players):
    return [client_for(p) for p in players]


@pytest.fixture
def king_board_match(players, staff):
    """One King deal (no hearts) with fixed cards, player i in seat i."""
    hands = random_hands(random.Random(42))
    return service.do_create_match(
        "king", {}, players, {"dealer": 0, "contract": "no_hearts", "hands": hands}, created_by=staff
    )


def body(response):
    return json.loads(response.content)


def act(client, match, action, expected_version=None, **extra):
    if expected_version is None:
        match.refresh_from_db()
        expected_version = match.version
    return client.post(
        f"/api/v1/matches/{match.pk}/actions/",
        {"action": action, "expected_version": expected_version, **extra},
        format="json",
    )
