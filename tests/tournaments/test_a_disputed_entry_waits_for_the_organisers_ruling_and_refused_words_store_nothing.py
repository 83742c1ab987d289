"""Confirmations and disputes at a table with cards (docs/tournaments.md, "Tables with cards"):
a disputed entry can no longer be confirmed; the organiser sees it (and every unconfirmed one)
on the manage page and the API, corrects it at the table if need be, and settles it with a
ruling (an ``entry_settled`` event). A correction asks for a fresh confirmation. Each refused
word is refused with its code and stores nothing."""

import pytest

from games.models import Event, Match
from tests.fixtures.people import client_for
from tests.tournaments.card_tables import enter_and_confirm, first_entry, people_and_bots, post
from tests.tournaments.draws import signed_in
from tournaments.service import rounds

pytestmark = pytest.mark.django_db


def started_card_table(organiser, make_bot):
    t = people_and_bots(organiser, make_bot)
    rounds.do_start_round(t.pk, organiser)
    code = client_for(organiser).get(f"/api/v1/tournaments/{t.pk}/tables-with-cards/").json()["tables"][0]["code"]
    return t, code


def refused(client, code, action, version, status, error):
    match_events = Event.objects.count()
    answer = post(client, code, action, version)
    assert answer.status_code == status, answer.content
    assert answer.json()["error"]["code"] == error
    assert Event.objects.count() == match_events  # nothing stored


def test_a_dispute_is_settled_by_the_organiser_alone(organiser, make_bot):
    t, code = started_card_table(organiser, make_bot)
    phone = client_for()
    deal_1 = first_entry(phone.get(f"/api/v1/score-tables/{code}/").json(), 1)
    sheet = enter_and_confirm(code, 2, confirm=False, client=phone)
    disputed = post(phone, code, {"type": "dispute", "deal": 1, "seat": 2, "note": "I took 3 hearts"}, sheet["version"])
    assert disputed.status_code == 201
    sheet = disputed.json()["sheet"]
    assert sheet["deals"][0]["check"] == {
        "status": "disputed",
        "seat": 2,
        "note": "I took 3 hearts",
        "who": sheet["names"][2],
    }
    refused(phone, code, {"type": "confirm", "deal": 1, "seat": 3}, sheet["version"], 409, "entry_not_open")

    listing = client_for(organiser).get(f"/api/v1/tournaments/{t.pk}/tables-with-cards/").json()
    waiting = [(e["deal"], e["status"], e["note"]) for e in listing["entries_to_settle"]]
    assert waiting == [(1, "disputed", "I took 3 hearts"), (2, "unconfirmed", "")]
    page = signed_in(organiser).get(f"/tournaments/{t.pk}/manage/").content.decode()
    assert "I took 3 hearts" in page and 'id="settle-' in page and code in page

    # Anyone else, a player or a stranger, cannot settle: only the organiser rules.
    stranger = client_for(Match.objects.get(pk=listing["tables"][0]["match"]).seats.first().user)
    settle = {"match": listing["tables"][0]["match"], "deal": 1, "expected_version": sheet["version"], "note": "ok"}
    before = Event.objects.count()
    assert stranger.post(f"/api/v1/tournaments/{t.pk}/entries/settle/", settle, format="json").status_code == 403
    assert post(phone, code, {"type": "settle", "deal": 1}, sheet["version"]).status_code == 403
    assert Event.objects.count() == before

    # The organiser corrects deal 1 at the table, then lets the correction stand.
    # The whole count was another player's: it moves one seat on.
    taken = {field: counts[-1:] + counts[:-1] for field, counts in deal_1["taken"].items()}
    entry = {"contract": deal_1["contract"], "taken": taken}
    correction = {"type": "correct", "deal": 1, "entry": entry, "reason": "ruling: recounted"}
    answer = post(client_for(organiser), code, correction, sheet["version"])
    assert answer.status_code == 201, answer.content
    sheet = answer.json()["sheet"]
    assert sheet["deals"][0]["check"]["status"] == "unconfirmed"  # a correction waits afresh
    settle["expected_version"] = sheet["version"]
    settled = client_for(organiser).post(f"/api/v1/tournaments/{t.pk}/entries/settle/", settle, format="json")
    assert settled.status_code == 200, settled.content
    sheet = client_for().get(f"/api/v1/score-tables/{code}/").json()
    assert sheet["deals"][0]["check"]["status"] == "settled" and sheet["deals"][0]["check"]["note"] == "ok"
    refused(
        phone, code, {"type": "dispute", "deal": 1, "seat": 1, "note": "again"}, sheet["version"], 409, "entry_not_open"
    )


def test_words_on_entries_that_cannot_be_are_refused_and_store_nothing(organiser, make_bot):
    _t, code = started_card_table(organiser, make_bot)
    phone = client_for()
    sheet = enter_and_confirm(code, 1, confirm=False, client=phone)
    version = sheet["version"]
    refused(phone, code, {"type": "confirm", "deal": 2, "seat": 1}, version, 404, "no_such_entry")
    refused(phone, code, {"type": "confirm", "deal": "1", "seat": 1}, version, 404, "no_such_entry")
    refused(phone, code, {"type": "confirm", "deal": 1, "seat": 4}, version, 400, "invalid_input")
    refused(phone, code, {"type": "confirm", "deal": 1}, version, 400, "invalid_input")
    refused(phone, code, {"type": "confirm", "deal": 1, "seat": 1, "extra": 1}, version, 400, "invalid_input")
    refused(phone, code, {"type": "dispute", "deal": 1, "seat": 1}, version, 400, "invalid_note")
    refused(phone, code, {"type": "dispute", "deal": 1, "seat": 1, "note": " "}, version, 400, "invalid_note")
    refused(phone, code, {"type": "dispute", "deal": 1, "seat": 1, "note": "x" * 201}, version, 400, "invalid_note")
    # A confirmation of what the page no longer shows (a correction came in between) is refused.
    refused(phone, code, {"type": "confirm", "deal": 1, "seat": 1}, version - 1, 409, "version_conflict")


def test_a_friends_table_has_no_confirmations(organiser):
    body = {"ruleset": "rifki", "options": {"short_mode": True}, "names": ["A", "B", "C", "D"], "first": 0}
    opened = client_for().post("/api/v1/score-tables/", body, format="json").json()
    key = opened["key"]
    sheet = enter_and_confirm(key, 1, confirm=False)
    assert sheet["confirmations"] is False and "check" not in sheet["deals"][0]
    refused(client_for(), key, {"type": "confirm", "deal": 1, "seat": 1}, sheet["version"], 409, "no_confirmations")
