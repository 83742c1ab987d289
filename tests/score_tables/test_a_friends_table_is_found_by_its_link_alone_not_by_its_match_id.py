"""A table opened by friends is theirs (docs/architecture.md §3.9): its match's pages and API
answer 404 to anyone but its opener and staff, and no public list names it; its link opens it."""

import pytest

from games.service import score_tables
from tests.fixtures.people import client_for

pytestmark = pytest.mark.django_db


def test_the_match_id_leads_nowhere_without_the_link(players, client):
    opener, stranger = players[0], players[1]
    match, key = score_tables.do_open_score_table("king", {}, ["A", "B", "C", "D"], 0, by=opener)
    anonymous = client_for()
    for path in (
        f"/api/v1/matches/{match.pk}/",
        f"/api/v1/matches/{match.pk}/events/",
        f"/api/v1/matches/{match.pk}/export/",
    ):
        assert anonymous.get(path).status_code == 404, path
        assert client_for(stranger).get(path).status_code == 404, path
        assert client_for(opener).get(path).status_code != 404, path  # the export waits for the end: 403
    client.force_login(stranger)
    assert client.get(f"/matches/{match.pk}/sheet/").status_code == 404
    assert match.pk not in [m["id"] for m in anonymous.get("/api/v1/matches/").json()]
    assert anonymous.get(f"/api/v1/score-tables/{key}/").status_code == 200
