"""GET matches/{id}/export/ and tournaments/{id}/export/: JSON Lines an outsider verifies, and
only once the cards in them are public."""

import json

import pytest

from games.models import Match
from tests.audit.conftest import failures
from tests.fixtures.people import body, client_for

pytestmark = pytest.mark.django_db


def download(url, path):
    response = client_for().get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/x-ndjson"
    path.write_bytes(b"".join(response.streaming_content))
    return path


def test_a_public_match_export_verifies_and_a_changed_line_is_found(play, tmp_path, verifier, verify_json):
    match = play()
    path = download(f"/api/v1/matches/{match.pk}/export/", tmp_path / "match.jsonl")
    code, out = verifier(path)
    assert code == 0, out
    lines = path.read_text().splitlines()
    record = json.loads(lines[10])
    record["metadata"] = {**record["metadata"], "actor": "user:999"}
    lines[10] = json.dumps(record)
    path.write_text("\n".join(lines) + "\n")
    code, report = verify_json(path)
    assert code == 1 and ("chain", match.stream, record["version"]) in failures(report)


def test_a_live_or_private_match_is_not_exported(play, make_bot):
    match = play()
    Match.objects.filter(pk=match.pk).update(public_when_over=False)
    r = client_for().get(f"/api/v1/matches/{match.pk}/export/")
    assert r.status_code == 403 and body(r)["error"]["code"] == "not_public"
    Match.objects.filter(pk=match.pk).update(public_when_over=True, status=Match.Status.LIVE)
    assert client_for().get(f"/api/v1/matches/{match.pk}/export/").status_code == 403


def test_a_finished_tournament_export_verifies_and_a_running_one_is_refused(
    tournament_of_bots, tmp_path, verifier, organiser
):
    from tournaments.service import creation

    tournament, _ = tournament_of_bots()
    code, out = verifier(download(f"/api/v1/tournaments/{tournament.pk}/export/", tmp_path / "t.jsonl"))
    assert code == 0, out
    running = creation.do_create_tournament(organiser, "Later", "king", {}, "swiss", 2)
    r = client_for().get(f"/api/v1/tournaments/{running.pk}/export/")
    assert r.status_code == 409 and body(r)["error"]["code"] == "not_finished"
