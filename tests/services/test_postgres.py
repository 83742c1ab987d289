import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.db.backends.postgresql.psycopg_any import is_psycopg3

pytestmark = [pytest.mark.services, pytest.mark.django_db]


def test_the_django_connection_is_postgresql(postgres_url):
    assert connection.vendor == "postgresql"
    assert is_psycopg3
    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        assert cursor.fetchone()[0].startswith("PostgreSQL ")


def test_a_model_round_trips_through_postgresql(postgres_url):
    User.objects.create_user(username="organiser", email="o@example.org")
    assert User.objects.get(username="organiser").email == "o@example.org"
