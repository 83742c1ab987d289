"""POST tournaments/{id}/entrants/house-bots/ (docs/api.md) enters n house bots in one request,
each a bot of its own; a bad count, a strength the house lacks, someone not the organiser and
a started event are refused with their code, and nothing is stored."""

import pytest

from bots.models import Bot
from tests.fixtures.people import body, client_for
from tournaments.models import Entrant
from tournaments.service import entries, rounds

pytestmark = pytest.mark.django_db


def url(tournament):
    return f"/api/v1/tournaments/{tournament.pk}/entrants/house-bots/"


def stored(tournament):
    tournament.refresh_from_db()
    return tournament.version, Entrant.objects.filter(tournament=tournament).count(), Bot.objects.count()


def test_the_organiser_enters_three_at_once(tournament, organiser):
    r = client_for(organiser).post(url(tournament), {"count": 3, "strength": "random"}, format="json")
    assert r.status_code == 201, r.content
    rows = body(r)
    assert [row["name"] for row in rows] == ["house-random", "house-random-2", "house-random-3"]
    assert {(row["kind"], row["ranked"], row["status"]) for row in rows} == {("bot", True, "registered")}
    listed = body(client_for().get(f"/api/v1/tournaments/{tournament.pk}/entrants/"))
    assert [row["id"] for row in listed] == [row["id"] for row in rows]


@pytest.mark.parametrize(
    "data",
    [
        {"count": 0},
        {"count": -2},
        {"count": entries.HOUSE_BOTS_AT_ONCE + 1},
        {"count": "many"},
        {},
        {"count": 2, "strength": "genius"},
    ],
)
def test_a_bad_request_is_refused_with_the_field_and_nothing_stored(tournament, organiser, data):
    before = stored(tournament)
    r = client_for(organiser).post(url(tournament), data, format="json")
    assert r.status_code == 400
    error = body(r)["error"]
    assert error["code"] == "invalid_input"
    assert set(error["fields"]) == ({"strength"} if "strength" in data else {"count"})
    assert stored(tournament) == before


def test_someone_not_the_organiser_is_refused(tournament, players):
    before = stored(tournament)
    r = client_for(players[0]).post(url(tournament), {"count": 2}, format="json")
    assert (r.status_code, body(r)["error"]["code"]) == (403, "organiser_only")
    assert client_for().post(url(tournament), {"count": 2}, format="json").status_code == 401
    assert stored(tournament) == before


def test_a_started_tournament_is_refused(tournament, organiser):
    entries.do_enter_house_bots(tournament.pk, organiser, 4, "random")
    rounds.do_start_round(tournament.pk, organiser)
    before = stored(tournament)
    r = client_for(organiser).post(url(tournament), {"count": 2}, format="json")
    assert (r.status_code, body(r)["error"]["code"]) == (409, "house_bots_closed")
    assert "before its first round" in body(r)["error"]["message"]
    assert stored(tournament) == before


def test_an_unknown_tournament_is_a_404(organiser):
    r = client_for(organiser).post("/api/v1/tournaments/999999/entrants/house-bots/", {"count": 2}, format="json")
    assert r.status_code == 404
