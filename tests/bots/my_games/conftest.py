"""Owners with games of their own (issue 33, "Your bots' games"): ana and bob, each with an API
client (``person.api``) and a browser signed in (``person.browser``), and house bots to fill
the other seats."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.fixtures.people import client_for


@pytest.fixture
def owners(db):
    """ana and bob, by name."""
    made = {}
    for name in ("ana", "bob"):
        person = get_user_model().objects.create_user(name, password="long-enough-pass")
        person.api = client_for(person)
        person.browser = Client()
        person.browser.force_login(person)
        made[name] = person
    return made


@pytest.fixture
def house(make_bot):
    """Three built-in bots of the house, for the seats nobody of the test holds."""
    return [make_bot(name=f"house{i}") for i in range(3)]
