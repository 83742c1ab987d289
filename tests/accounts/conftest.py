"""The accounts tests' own pieces: alice, and a log-in or sign-up through the API from an address."""

import pytest
from rest_framework.test import APIClient


@pytest.fixture
def alice(django_user_model):
    return django_user_model.objects.create_user("alice", password="correct horse battery")


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
