import pytest

from tests.bots.conftest import make_bot  # noqa: F401  (shared fixture)
from tests.matches.conftest import clients, players, staff  # noqa: F401  (shared fixtures)


@pytest.fixture
def organiser(django_user_model):
    return django_user_model.objects.create_user("organiser", password="long-enough-pass")


@pytest.fixture
def tournament(organiser):
    from tournaments import service

    return service.do_create_tournament(organiser, "Club night", "king", {}, "swiss", 3)


@pytest.fixture
def streams_end_at_once(settings):
    """A stream served by the test client (a WSGI server's bounded long poll) sends its opening
    lines and ends with ``reconnect`` at once, so a test reads it whole."""
    settings.STREAM_FALLBACK_SECONDS = 0
