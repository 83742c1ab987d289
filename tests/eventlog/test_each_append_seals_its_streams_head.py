"""Each append seals its stream's new head, in the same transaction, with one extra write.

``seal = HMAC-SHA256(key, "stream|version|hash")``, the key from the settings
(EVENT_HEAD_SEAL_KEY, else derived from SECRET_KEY): not in the database, so a copy of the
database cannot reseal a rewritten head (tests/audit checks what verification makes of it).
"""

import hashlib
import hmac

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games.models import StreamHead
from games.record import eventlog


def test_the_head_of_each_append_is_sealed_with_the_key(append_game):
    rows = append_game(n=3)
    rows += eventlog.append("match/1", 3, [{"type": "note", "n": 3}])
    sealed = StreamHead.objects.get(stream="match/1")
    assert (sealed.version, sealed.hash) == (4, rows[-1].hash)
    message = f"match/1|4|{rows[-1].hash}".encode()
    assert sealed.seal == hmac.new(eventlog.seal_key(), message, hashlib.sha256).hexdigest()
    assert eventlog.seal_holds(sealed)


def test_the_key_is_the_configured_one_or_one_derived_from_the_secret_key(settings, append_game):
    settings.EVENT_HEAD_SEAL_KEY = ""
    derived = eventlog.seal_key()
    assert (
        derived
        == hmac.new(settings.SECRET_KEY.encode(), b"kingrifki/event-head-seal/v1", hashlib.sha256).hexdigest().encode()
    )
    assert derived != settings.SECRET_KEY.encode()  # a key of its own, not SECRET_KEY itself
    append_game(n=2)
    settings.EVENT_HEAD_SEAL_KEY = "a key kept beside SECRET_KEY"
    assert eventlog.seal_key() == b"a key kept beside SECRET_KEY"
    assert not eventlog.seal_holds(StreamHead.objects.get(stream="match/1"))
    # SECRET_KEY rotated, the derived key kept as EVENT_HEAD_SEAL_KEY: the seals still hold
    settings.SECRET_KEY, settings.EVENT_HEAD_SEAL_KEY = "a new secret key", derived.decode()
    assert eventlog.seal_holds(StreamHead.objects.get(stream="match/1"))


def test_a_seal_made_with_another_key_does_not_hold(append_game):
    append_game(n=2)
    sealed = StreamHead.objects.get(stream="match/1")
    sealed.seal = eventlog.head_seal(sealed.stream, sealed.version, sealed.hash, b"another key")
    assert not eventlog.seal_holds(sealed)


def test_sealing_costs_one_write(db):
    """The events' insert and one upsert of the stream's head (on PostgreSQL both in one statement):
    nothing else touches it, neither a read nor an UPDATE."""
    eventlog.append("match/1", 0, [{"type": "note"}])
    with CaptureQueriesContext(connection) as queries:
        eventlog.append("match/1", 1, [{"type": "note"}, {"type": "note"}])
    heads = [q["sql"] for q in queries.captured_queries if "games_streamhead" in q["sql"]]
    assert len(heads) == 1 and "INSERT INTO GAMES_STREAMHEAD" in heads[0].upper().replace('"', "")
    assert "UPDATE GAMES_STREAMHEAD" not in heads[0].upper().replace('"', "")


def test_a_writer_that_loses_the_race_seals_nothing(append_game):
    """It read version 1 as the head (``known_head``); its insert of version 2 is refused."""
    rows = append_game(n=2)
    before = StreamHead.objects.get(stream="match/1")
    with pytest.raises(eventlog.VersionConflict), transaction.atomic():
        eventlog.append("match/1", 1, [{"type": "note"}], known_head=(1, rows[0].hash))
    after = StreamHead.objects.get(stream="match/1")
    assert (after.version, after.hash, after.seal) == (before.version, before.hash, before.seal)
