"""A season holds its own club's events, each once, all scoring alike: another club's event or
one of no club (409 not_club_event), an event already in it (409 already_in_season), and one
whose points are of another kind, another game, table points by score, a duplicate's matchpoints
(409 season_mismatch), are refused through the API and the page, and nothing is stored. So are
a season's bad settings (400) and an event taken out that is not in it (404)."""

import pytest
from django.test import Client

from tests.fixtures.people import body, client_for
from tournaments.clubs import service
from tournaments.models import Season, SeasonEvent
from tournaments.service import creation

pytestmark = pytest.mark.django_db
QUICK = {"quick_game_combined_negatives": True}


def stored():
    return sorted(Season.objects.values_list("pk", "name")), sorted(
        SeasonEvent.objects.values_list("season_id", "tournament_id", "position")
    )


def test_events_a_season_cannot_hold(people, club):
    ana, bo = people[:2]
    other_club = service.do_create_club(bo, "The Friday club")
    night = creation.do_create_tournament(ana, "Night", "king", QUICK, "swiss", 1, club=club)
    season = service.do_create_season(club.pk, ana, "Spring")
    service.do_add_event(season.pk, ana, night.pk)
    refused = {
        creation.do_create_tournament(bo, "Friday", "king", QUICK, "swiss", 1, club=other_club): "not_club_event",
        creation.do_create_tournament(ana, "No club", "king", QUICK, "swiss", 1): "not_club_event",
        night: "already_in_season",
        creation.do_create_tournament(ana, "Rifki", "rifki", {}, "swiss", 1, club=club): "season_mismatch",
        creation.do_create_tournament(
            ana, "By score", "king", QUICK, "swiss", 1, club=club, table_points="score"
        ): "season_mismatch",
        creation.do_create_tournament(ana, "Duplicate", "king", QUICK, "duplicate", 1, club=club): "season_mismatch",
    }
    page = Client()
    page.force_login(ana)
    before = stored()
    for tournament, code in refused.items():
        answer = client_for(ana).post(
            f"/api/v1/seasons/{season.pk}/events/", {"tournament": tournament.pk}, format="json"
        )
        assert (answer.status_code, body(answer)["error"]["code"]) == (409, code), tournament.name
        assert page.post(f"/seasons/{season.pk}/events/", {"tournament": tournament.pk}).status_code == 409
    for bad in ("7", None, 0, True):
        answer = client_for(ana).post(f"/api/v1/seasons/{season.pk}/events/", {"tournament": bad}, format="json")
        assert (answer.status_code, body(answer)["error"]["code"]) == (400, "invalid_input")
    answer = client_for(ana).delete(f"/api/v1/seasons/{season.pk}/events/999999/")
    assert (answer.status_code, body(answer)["error"]["code"]) == (404, "not_found")
    assert stored() == before


def test_a_seasons_bad_settings_are_refused(people, club):
    ana = people[0]
    before = stored()
    for settings in (
        {"name": ""},
        {"name": "x" * 81},
        {"name": "Best", "scoring": "best"},
        {"name": "Best", "scoring": "best", "best_n": 0},
        {"name": "Best", "scoring": "best", "best_n": 101},
        {"name": "Sum", "scoring": "sum", "best_n": 3},
        {"name": "Odd", "scoring": "average"},
        {"name": "Ties", "tie_breaks": ["coin_toss"]},
        {"name": "Ties", "tie_breaks": ["wins", "wins"]},
    ):
        answer = client_for(ana).post(f"/api/v1/clubs/{club.pk}/seasons/", settings, format="json")
        assert answer.status_code == 400, settings
        assert body(answer)["error"]["code"] in ("invalid_input", "invalid_tie_breaks"), settings
    assert stored() == before
    made = client_for(ana).post(
        f"/api/v1/clubs/{club.pk}/seasons/", {"name": "Best three", "scoring": "best", "best_n": 3}, format="json"
    )
    assert made.status_code == 201 and body(made)["best_n"] == 3
