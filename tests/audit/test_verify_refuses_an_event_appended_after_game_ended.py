"""verify_match refuses any event after ``game_ended``: the platform appends nothing after a
game's end, so one there was planted, whatever its type and however well it is chained.

The strongest case is an event the rules never see (a platform event such as
``action_fallback``), chained, sealed with the key and with the match row moved onto it, as a
bug in the platform itself could leave it: only the ``end`` check stands in its way.
"""

import pytest

from games.record import eventlog
from games.record.audit import verify_match
from tests.audit.planting import move_row, plant

pytestmark = pytest.mark.django_db
AFTER_THE_END = {"type": "play", "seat": 0, "card": "AS"}


def failed(match):
    return {(f.check, f.version): f.message for f in verify_match(match) if not f.ok}


def test_a_chained_sealed_event_after_the_end_with_the_row_moved_onto_it_is_refused(play):
    match = play()
    end = match.version
    rows = eventlog.append(
        match.stream, end, [{"type": "action_fallback", "seat": 1, "reason": "timeout"}], {"actor": "system"}
    )
    move_row(match, rows)
    found = failed(match)
    assert list(found) == [("end", end + 1)]
    assert found[("end", end + 1)] == (
        f"version {end + 1} (action_fallback) follows the end at version {end}: nothing is appended after the end"
    )


def test_a_play_after_the_end_with_the_row_moved_onto_it_is_refused_at_its_version(play):
    match = play()
    end = match.version
    move_row(match, plant(match.stream, [AFTER_THE_END]))
    found = failed(match)
    assert ("end", end + 1) in found and ("seal", end + 1) in found  # and the seal: no append sealed it
    assert ("rules", end + 1) in found  # the engine refuses a play once the game is over


def test_an_event_after_the_end_past_the_match_rows_head_is_refused_too(play):
    match = play()
    end = match.version
    plant(match.stream, [AFTER_THE_END])
    found = failed(match)
    assert set(found) == {("head", end + 1), ("end", end + 1)}
    assert "stored past the head recorded at version" in found[("head", end + 1)]
