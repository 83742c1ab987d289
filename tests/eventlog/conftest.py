import pytest

from games.record import eventlog


@pytest.fixture
def append_game(db):
    """Append a short fake match stream of n events and return its rows."""

    def make(stream="match/1", n=3):
        return eventlog.append(
            stream,
            0,
            [{"type": "note", "n": i, "text": "é"} for i in range(n)],
            {"actor": "user:1", "command_id": "c1"},
        )

    return make
