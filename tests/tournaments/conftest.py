import pytest


@pytest.fixture
def streams_end_at_once(settings):
    """A stream served by the test client (a WSGI server's bounded long poll) sends its opening
    lines and ends with ``reconnect`` at once, so a test reads it whole."""
    settings.STREAM_FALLBACK_SECONDS = 0
