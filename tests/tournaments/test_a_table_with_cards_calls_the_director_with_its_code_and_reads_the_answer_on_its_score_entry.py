"""A table with cards calls the director through its table code (docs/tournaments.md, "Calling
the director"): from its score entry page (no account needed) or the API with the code; the
call is the table's (no seat), its score entry shows it with the organiser's reply; a code that
opens nothing is refused and stores nothing."""

import re

import pytest
from django.test import Client

from games.record import eventlog
from tests.fixtures.people import body, client_for
from tests.tournaments.card_tables import people_and_bots
from tournaments.models import Tournament
from tournaments.service import director_calls, rounds

pytestmark = pytest.mark.django_db


def words(response):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_the_phones_at_a_table_with_cards_call_by_its_code_and_read_the_reply(organiser, make_bot):
    t = people_and_bots(organiser, make_bot)
    rounds.do_start_round(t.pk, organiser)
    table = client_for(organiser).get(f"/api/v1/tournaments/{t.pk}/tables-with-cards/").json()["tables"][0]
    code, match = table["code"], table["match"]
    phone = Client()

    entry = phone.get(f"/score-tables/{code}/")
    assert entry.status_code == 200
    assert f'action="/tournaments/{t.pk}/calls/by-code/"' in entry.content.decode()

    sent = phone.post(f"/tournaments/{t.pk}/calls/by-code/", {"code": code, "deal": 1, "note": "Which deal is it?"})
    assert sent.status_code == 302 and sent["Location"] == f"/score-tables/{code}/#director-calls"
    row = eventlog.stream_events(t.stream)[-1]
    assert row.type == "director_called"
    assert (row.payload["match"], row.payload["via"], row.payload["seat"], row.payload["by"]) == (
        match,
        "code",
        None,
        None,
    )
    assert row.metadata["actor"].startswith("device:")  # the phone's cookie, hashed
    assert "the table: “Which deal is it?”" in words(phone.get(f"/score-tables/{code}/"))

    by_api = client_for().post(
        f"/api/v1/tournaments/{t.pk}/calls/", {"code": code, "deal": 1, "note": "Sorry, deal 1."}, format="json"
    )
    assert by_api.status_code == 201 and body(by_api)["via"] == "code"

    version = Tournament.objects.get(pk=t.pk).version
    wrong = phone.post(f"/tournaments/{t.pk}/calls/by-code/", {"code": "a" * 16, "deal": 1, "note": "Hello"})
    assert wrong.status_code == 404
    empty = phone.post(f"/tournaments/{t.pk}/calls/by-code/", {"code": code, "deal": 1, "note": ""})
    assert empty.status_code == 400
    assert Tournament.objects.get(pk=t.pk).version == version

    director_calls.do_answer(t.pk, organiser, row.version, reply="Deal 1 is the first: enter it.")
    assert "organiser replies: Deal 1 is the first: enter it." in words(phone.get(f"/score-tables/{code}/"))
