"""People's clocks, leaving a table and the timed misdeal question (issue 19)."""

from tests.bots.conftest import make_bot  # noqa: F401  (shared fixture)
from tests.matches.conftest import clients, players, staff  # noqa: F401  (shared fixtures)
from tests.tournaments.conftest import organiser  # noqa: F401  (shared fixture)
