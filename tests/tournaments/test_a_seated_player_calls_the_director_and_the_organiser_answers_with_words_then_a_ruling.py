"""A seated player calls the director on a deal with a note; the organiser answers with words,
then, once the match's result is recorded, with a penalty: each is an event of the tournament's
stream (``director_called``, ``director_answered``), the ruling its own ``ruling`` event that
the answer names, and the table reads the call with both answers (docs/tournaments.md,
"Calling the director")."""

import pytest

from games.record import eventlog
from tests.tournaments.director_calls import finish, one_table_night, stream_types
from tournaments import projection
from tournaments.audit import verify_tournament
from tournaments.service import director_calls

pytestmark = pytest.mark.django_db


def test_a_call_is_answered_by_a_reply_then_by_a_ruling_the_table_reads_both(organiser, players):
    tournament, match = one_table_night(organiser, players)
    seat = match.seats.get(user=players[2]).index

    call = director_calls.do_call_director(tournament.pk, match.pk, 1, "  East led out of turn.  ", players[2])
    assert call["status"] == "open" and call["note"] == "East led out of turn."
    assert (call["match"], call["round"], call["table"], call["deal"], call["seat"]) == (match.pk, 1, 1, 1, seat)
    assert call["by"] == players[2].username and call["via"] == "seat"
    row = eventlog.stream_events(tournament.stream)[-1]
    assert row.type == "director_called" and row.version == call["id"]
    assert row.metadata["actor"] == f"user:{players[2].pk}"

    reply = director_calls.do_answer(tournament.pk, organiser, call["id"], reply="Play on; I rule after the game.")
    assert reply == {
        "type": "director_answered",
        "call": call["id"],
        "match": match.pk,
        "reply": "Play on; I rule after the game.",
        "author": organiser.username,
    }

    finish(match)
    before = projection.update_standings(tournament.pk).results[match.pk].scores[seat]
    ruled = director_calls.do_answer(
        tournament.pk,
        organiser,
        call["id"],
        ruling={"kind": "penalty", "reason": "Lead out of turn", "offence": "other", "seat": seat, "points": 5},
    )
    types = stream_types(tournament)
    assert types[-2:] == ["ruling", "director_answered"] and types.count("director_answered") == 2
    rows = eventlog.stream_events(tournament.stream)
    assert ruled["ruling"] == rows[-2].version and rows[-2].payload["kind"] == "penalty"
    assert ruled["kind"] == "penalty" and ruled["call"] == call["id"]
    after = projection.update_standings(tournament.pk).results[match.pk].scores[seat]
    assert after == before - 5

    (seen,) = director_calls.calls_for_table(tournament, match)
    assert seen["status"] == "answered"
    assert [a.get("reply") for a in seen["answers"]] == ["Play on; I rule after the game.", None]
    assert seen["answers"][1]["ruling_event"]["reason"] == "Lead out of turn"
    assert director_calls.calls_for_arbiter(tournament, organiser) == [seen]
    tournament.refresh_from_db()
    report = verify_tournament(tournament)  # the calls are stream events like any other
    assert report["ok"], [c for c in report["checks"] if not c["ok"]]
