"""Fixtures the page tests share: a signed-in bot author and their browser."""

import pytest
from django.test import Client


@pytest.fixture
def author(django_user_model):
    return django_user_model.objects.create_user("author", password="long-enough-pass")


@pytest.fixture
def client_of(author):
    """A browser signed in as ``author``."""
    client = Client()
    client.force_login(author)
    return client
