"""Calling the director on the pages (docs/tournaments.md, "Calling the director"): a seated
player opens "Call the director" from the table, names the deal and says what happened; the
table shows the call to its players alone (a spectator reads no note); the organiser answers
from the manage page with words, then with a ruling; the player reads both at the table."""

import re

import pytest
from django.test import Client

from games.record import eventlog
from tests.tournaments.director_calls import finish, one_table_night

pytestmark = pytest.mark.django_db


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def words(response):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_the_call_and_its_answers_reach_the_table_and_no_one_else(organiser, players, django_user_model):
    tournament, match = one_table_night(organiser, players)
    player = signed_in(players[0])
    table = player.get(f"/matches/{match.pk}/")
    assert f"/tournaments/{tournament.pk}/calls/new/?match={match.pk}" in table.content.decode()

    form = player.get(f"/tournaments/{tournament.pk}/calls/new/?match={match.pk}")
    assert form.status_code == 200 and 'name="note"' in form.content.decode()
    refused = player.post(f"/tournaments/{tournament.pk}/calls/new/", {"match": match.pk, "deal": 1, "note": ""})
    assert refused.status_code == 400 and eventlog.stream_events(tournament.stream)[-1].type == "round_started"
    sent = player.post(
        f"/tournaments/{tournament.pk}/calls/new/", {"match": match.pk, "deal": 1, "note": "North played twice."}
    )
    assert sent.status_code == 302 and sent["Location"] == f"/matches/{match.pk}/#director-calls"
    call = eventlog.stream_events(tournament.stream)[-1]
    assert call.type == "director_called" and call.payload["note"] == "North played twice."

    assert "North played twice." in words(player.get(f"/matches/{match.pk}/"))
    assert "Waiting for the director" in words(player.get(f"/matches/{match.pk}/"))
    spectator = signed_in(django_user_model.objects.create_user("watcher", password="long-enough-pass"))
    assert "North played twice." not in words(spectator.get(f"/matches/{match.pk}/"))
    assert signed_in(players[1]).get(f"/tournaments/{tournament.pk}/calls/new/?match={match.pk}").status_code == 200
    assert spectator.get(f"/tournaments/{tournament.pk}/calls/new/?match={match.pk}").status_code == 403

    boss = signed_in(organiser)
    manage = words(boss.get(f"/tournaments/{tournament.pk}/manage/"))
    assert "Calls to the director" in manage and "North played twice." in manage
    answered = boss.post(
        f"/tournaments/{tournament.pk}/manage/calls/answer/",
        {"call": call.version, "answer": "reply", f"call{call.version}-reply": "Play on, I will look at the log."},
    )
    assert answered.status_code == 302
    assert "organiser replies: Play on, I will look at the log." in words(player.get(f"/matches/{match.pk}/"))

    finish(match)
    seat = match.seats.get(user=players[0]).index
    prefix = f"call{call.version}-"
    ruled = boss.post(
        f"/tournaments/{tournament.pk}/manage/calls/answer/",
        {
            "call": call.version,
            "answer": "ruling",
            prefix + "kind": "penalty",
            prefix + "match": match.pk,
            prefix + "reason": "Played out of turn",
            prefix + "offence": "other",
            prefix + "seat": seat,
            prefix + "points": "3",
        },
    )
    assert ruled.status_code == 302, words(ruled)
    rows = eventlog.stream_events(tournament.stream)
    assert [r.type for r in rows[-2:]] == ["ruling", "director_answered"]
    assert rows[-1].payload["ruling"] == rows[-2].version
    assert "organiser rules: Penalty. Played out of turn" in words(player.get(f"/matches/{match.pk}/"))
    assert "Reason: Played out of turn" in words(Client().get(f"/tournaments/{tournament.pk}/"))
