"""The clubs' tests' cast: the people of a club (ana organises it; bo, cem and dia do not belong
to it yet) and the club itself."""

import pytest


@pytest.fixture
def people(django_user_model):
    return [
        django_user_model.objects.create_user(name, password="long-enough-pass") for name in ("ana", "bo", "cem", "dia")
    ]


@pytest.fixture
def club(people):
    """The Thursday club, which ana created: she is its one organiser and its one member."""
    from tournaments.clubs import service

    return service.do_create_club(people[0], "The Thursday club")
