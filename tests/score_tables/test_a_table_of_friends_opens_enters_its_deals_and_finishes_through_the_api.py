"""A table of friends with real cards keeps its score through the API (docs/api.md "Score
tables"): opened without an account, reached by its key, every deal entered, the sheet's
totals the engine's, the game finished and its log verified like any match's."""

import pytest

from games.engine import new_score_table
from games.models import Event, Match
from games.record.audit import verify_match
from tests.fixtures.people import client_for

pytestmark = pytest.mark.django_db

NAMES = ["Ayşe", "Can", "Deniz", "Elif"]


def open_table(client, **extra):
    body = {"ruleset": "rifki", "options": {"short_mode": True}, "names": NAMES, "first": 1, **extra}
    response = client.post("/api/v1/score-tables/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def first_contract(sheet):
    offered = sheet["form"]["contracts"][0]
    contract = {k: offered[k] for k in ("name", "suit") if k in offered}
    taken = {count["field"]: [count["total"]] + [0] * 3 for count in offered["counts"]}
    return contract, taken


def test_a_short_rifki_game_entered_deal_by_deal():
    api_client = client_for()
    opened = open_table(api_client)
    key, version = opened["key"], opened["sheet"]["version"]
    assert opened["sheet"]["names"] == NAMES and opened["sheet"]["form"]["chooser"] == 1
    engine_table = new_score_table("rifki", first=1, options={"short_mode": True})
    for deal in range(1, 13):
        sheet = api_client.get(f"/api/v1/score-tables/{key}/").json()
        contract, taken = first_contract(sheet)
        entry = {"type": "enter", "deal": deal, "contract": contract, "taken": taken}
        preview = api_client.post(f"/api/v1/score-tables/{key}/preview/", {"action": entry}, format="json")
        assert preview.status_code == 200
        answer = api_client.post(
            f"/api/v1/score-tables/{key}/actions/",
            {"action": entry, "expected_version": version, "command_id": f"deal-{deal}"},
            format="json",
        )
        assert answer.status_code == 201, answer.content
        engine_table.apply(entry)
        assert preview.json()["scores"] == engine_table.deal_scores[-1]
        version = answer.json()["version"]
    finished = api_client.post(
        f"/api/v1/score-tables/{key}/actions/",
        {"action": {"type": "finish"}, "expected_version": version},
        format="json",
    )
    assert finished.status_code == 201
    sheet = finished.json()["sheet"]
    engine_table.apply({"type": "finish"})
    assert sheet["is_over"] and sheet["totals"] == engine_table.scores
    assert [row["scores"] for row in sheet["deals"]] == engine_table.deal_scores
    match = Match.objects.get(pk=opened["match"])
    assert match.status == Match.Status.OVER and match.entered and match.to_act is None
    assert all(finding.ok for finding in verify_match(match))


def test_a_refused_entry_stores_nothing_and_says_why():
    api_client = client_for()
    opened = open_table(api_client)
    key = opened["key"]
    contract, _ = first_contract(opened["sheet"])
    before = Event.objects.count()
    bad = {"type": "enter", "deal": 1, "contract": contract, "taken": {"tricks": [4, 4, 4, 4]}}
    answer = api_client.post(
        f"/api/v1/score-tables/{key}/actions/",
        {"action": bad, "expected_version": opened["sheet"]["version"]},
        format="json",
        HTTP_ACCEPT_LANGUAGE="tr",
    )
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert error["code"] == "tally_total" and error["total"] == 13 and error["entered"] == 16
    assert Event.objects.count() == before


def test_an_unknown_key_is_a_404():
    api_client = client_for()
    answer = api_client.get("/api/v1/score-tables/not-a-real-key-at-all/")
    assert answer.status_code == 404 and answer.json()["error"]["code"] == "score_table_unknown"


def test_a_refusal_names_the_count_in_the_callers_language():
    api_client = client_for()
    opened = open_table(api_client)
    contract, _ = first_contract(opened["sheet"])
    bad = {"type": "enter", "deal": 1, "contract": contract, "taken": {"tricks": [4, 3, 3, 2]}}
    said = {}
    for language in ("en", "pt-br", "tr"):
        answer = api_client.post(
            f"/api/v1/score-tables/{opened['key']}/preview/",
            {"action": bad},
            format="json",
            HTTP_ACCEPT_LANGUAGE=language,
        )
        assert answer.status_code == 422
        said[language] = answer.json()["error"]["message"]
    assert said["en"] == "the tricks add up to 12; a deal has 13"
    assert len(set(said.values())) == 3  # translated (tests/i18n keeps every msgid filled)
