"""Owners who start games themselves (issue 18): people with API clients and bots of their own."""

import pytest
from django.contrib.auth import get_user_model

from bots import registry
from games.models import Match
from tests.fixtures.people import client_for

User = get_user_model()


@pytest.fixture
def people(db):
    """alice, bob and carol, each with an API client (``person.api``)."""
    made = {}
    for name in ("alice", "bob", "carol"):
        user = User.objects.create_user(name, password="long-enough-pass")
        user.api = client_for(user)
        made[name] = user
    return made


@pytest.fixture
def bot_of():
    """``bot_of(owner, name, kind="polling")``: a bot registered through the registry."""

    def make(owner, name, kind="polling", strategy=""):
        url = "https://bots.example.org/turn" if kind == "webhook" else ""
        return registry.register(owner, name, kind, url=url, strategy=strategy)[0]

    return make


def stored():
    """What a refusal must leave as it was: matches, challenges and their seats."""
    from bots.models import Challenge, ChallengeSeat

    return Match.objects.count(), Challenge.objects.count(), ChallengeSeat.objects.count()
