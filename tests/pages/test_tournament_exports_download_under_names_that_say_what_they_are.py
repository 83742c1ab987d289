"""The tournament page's exports download under names that say what they are, not
"download.csv": tournament-12-standings.csv and .json, tournament-12-results.json (shown in
place, saved under that name) and tournament-12-log.jsonl; a match's log is match-34-log.jsonl."""

import json

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_the_standings_csv_downloads_as_the_tournaments_standings(finished_tournament):
    t, _ = finished_tournament
    r = Client().get(f"/api/v1/tournaments/{t.pk}/standings/?export=csv")
    assert r.status_code == 200 and r["Content-Type"] == "text/csv; charset=utf-8"
    assert r["Content-Disposition"] == f'attachment; filename="tournament-{t.pk}-standings.csv"'
    assert r.content.decode().startswith("rank,name,")


def test_the_standings_json_downloads_as_the_same_json_whatever_the_browser_accepts(finished_tournament):  # noqa
    t, _ = finished_tournament
    plain = json.loads(Client().get(f"/api/v1/tournaments/{t.pk}/standings/", HTTP_ACCEPT="application/json").content)
    r = Client().get(f"/api/v1/tournaments/{t.pk}/standings/?export=json", HTTP_ACCEPT="text/html")
    assert r.status_code == 200 and r["Content-Type"] == "application/json"
    assert r["Content-Disposition"] == f'attachment; filename="tournament-{t.pk}-standings.json"'
    assert json.loads(r.content) == plain and len(plain["standings"]) == 4


def test_the_full_results_json_is_shown_in_place_and_saved_under_its_name(finished_tournament):
    t, _ = finished_tournament
    r = Client().get(f"/api/v1/tournaments/{t.pk}/results/", HTTP_ACCEPT="application/json")
    assert r.status_code == 200 and r["Content-Disposition"] == f'inline; filename="tournament-{t.pk}-results.json"'
    browsable = Client().get(f"/api/v1/tournaments/{t.pk}/results/", HTTP_ACCEPT="text/html")
    assert browsable.status_code == 200 and "Content-Disposition" not in browsable  # the API's own HTML page


def test_the_tournament_log_downloads_as_its_log(finished_tournament):
    t, _ = finished_tournament
    r = Client().get(f"/api/v1/tournaments/{t.pk}/export/")
    assert r.status_code == 200 and r["Content-Type"] == "application/x-ndjson"
    assert r["Content-Disposition"] == f'attachment; filename="tournament-{t.pk}-log.jsonl"'


def test_a_match_log_downloads_under_the_matchs_name(play):
    match = play()
    r = Client().get(f"/api/v1/matches/{match.pk}/export/")
    assert r.status_code == 200 and r["Content-Disposition"] == f'attachment; filename="match-{match.pk}-log.jsonl"'
