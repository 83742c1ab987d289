"""A log with events planted after the game's end, past the match row's head or moved into it,
breaks no page and no endpoint: each shows the game up to the head the row names, and at
most up to ``game_ended`` (games.record.eventlog.shown_rows), and the verification report says what
is wrong. Before, the engine's replay of the planted play failed every page with a 500.
"""

import pytest
from django.test import Client

from tests.audit.planting import move_row, plant
from tests.fixtures.people import body, client_for

pytestmark = pytest.mark.django_db
AFTER_THE_END = {"type": "play", "seat": 0, "card": "AS"}
API = (
    "/api/v1/matches/{id}/",
    "/api/v1/matches/{id}/events/",
    "/api/v1/matches/{id}/verify/",
    "/api/v1/matches/{id}/replay/?seat=all&version=3",
)
PAGES = ("/matches/{id}/", "/matches/{id}/sheet/", "/matches/{id}/audit/", "/matches/{id}/audit/?seat=all")
# Every hand open is for arbiters: the public is refused it (and nothing else).
ARBITERS_ONLY = {
    ("public", "/api/v1/matches/{id}/replay/?seat=all&version=3"),
    ("public", "/matches/{id}/audit/?seat=all"),
}


def read_everything(match, staff):
    """Every page and endpoint, as an arbiter (staff) and as the public: {(who, path): status}."""
    page_client = Client()
    page_client.force_login(staff)
    statuses = {}
    for who, api, pages in (("staff", client_for(staff), page_client), ("public", client_for(None), Client())):
        for path in API:
            statuses[who, path] = api.get(path.format(id=match.pk)).status_code
        for path in PAGES:
            statuses[who, path] = pages.get(path.format(id=match.pk)).status_code
    return statuses


def expected_statuses():
    return {
        (who, path): 403 if (who, path) in ARBITERS_ONLY else 200 for who in ("staff", "public") for path in API + PAGES
    }


def test_planted_past_the_rows_head_nothing_fails_and_everything_shows_the_rows_head(play, staff):
    match = play()
    end = match.version
    plant(match.stream, [AFTER_THE_END])
    assert read_everything(match, staff) == expected_statuses()
    arbiter = client_for(staff)
    detail = body(arbiter.get(f"/api/v1/matches/{match.pk}/"))
    assert detail["version"] == end and detail["state"]["phase"] == "over"
    events = body(arbiter.get(f"/api/v1/matches/{match.pk}/events/?after={end - 1}"))
    assert events["version"] == end and [e["version"] for e in events["events"]] == [end]
    assert arbiter.get(f"/api/v1/matches/{match.pk}/replay/?seat=all&version={end + 1}").status_code == 400
    report = body(arbiter.get(f"/api/v1/matches/{match.pk}/verify/"))
    assert not report["ok"] and {(c["check"], c["version"]) for c in report["checks"] if not c["ok"]} == {
        ("head", end + 1),
        ("end", end + 1),
    }


def test_moved_into_the_rows_head_nothing_fails_and_the_game_shows_as_it_ended(play, staff):
    match = play()
    end = match.version
    move_row(match, plant(match.stream, [AFTER_THE_END]))
    assert read_everything(match, staff) == expected_statuses()
    arbiter = client_for(staff)
    detail = body(arbiter.get(f"/api/v1/matches/{match.pk}/"))
    assert detail["version"] == end + 1 and detail["state"]["phase"] == "over"
    listed = body(arbiter.get(f"/api/v1/matches/{match.pk}/events/?after={end - 1}"))["events"]
    assert [(e["version"], e["event"]["type"]) for e in listed] == [(end, "game_ended"), (end + 1, "play")]
    refused = arbiter.get(f"/api/v1/matches/{match.pk}/replay/?seat=all&version={end + 1}")
    assert refused.status_code == 400 and body(refused)["error"]["code"] == "invalid_version"
    audit = Client()
    audit.force_login(staff)
    page = audit.get(f"/matches/{match.pk}/audit/").content.decode()
    assert 'data-check="end"' in page and "Some checks FAIL" in page
    assert f"follows the end at version {end}" in page
