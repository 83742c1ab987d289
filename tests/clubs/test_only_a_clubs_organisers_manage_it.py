"""A member who is not an organiser, and someone outside the club, are refused every organiser's
change (403 club_organiser_only), through the API and the pages, and nothing is stored: a link,
a season, an event added to a season, a role, a member removed, a tournament held for the club."""

import pytest
from django.test import Client

from games.models import Event
from tests.fixtures.people import body, client_for
from tournaments.clubs import service
from tournaments.models import ClubInvitation, ClubMember, Season, SeasonEvent, Tournament
from tournaments.service import creation

pytestmark = pytest.mark.django_db


def stored():
    return (
        sorted(ClubMember.objects.values_list("club_id", "user_id", "role")),
        ClubInvitation.objects.count(),
        sorted(Season.objects.values_list("pk", "name")),
        sorted(SeasonEvent.objects.values_list("season_id", "tournament_id")),
        Tournament.objects.count(),
        Event.objects.count(),
    )


@pytest.fixture
def members(people, club):
    """bo is a member of the club; cem is not in it."""
    _invitation, token = service.do_create_invitation(club.pk, people[0])
    service.do_join(people[1], token)
    return service.do_create_season(club.pk, people[0], "Spring")


def test_members_and_strangers_are_refused_through_the_api(people, club, members):
    ana, bo, cem = people[:3]
    season = members
    event = creation.do_create_tournament(ana, "Spring night", "king", {}, "swiss", 1, club=club)
    calls = [
        ("post", f"/api/v1/clubs/{club.pk}/invitations/", {}),
        ("get", f"/api/v1/clubs/{club.pk}/invitations/", None),
        ("post", f"/api/v1/clubs/{club.pk}/seasons/", {"name": "Summer"}),
        ("post", f"/api/v1/seasons/{season.pk}/events/", {"tournament": event.pk}),
        ("patch", f"/api/v1/clubs/{club.pk}/members/{ana.pk}/", {"role": "member"}),
        ("delete", f"/api/v1/clubs/{club.pk}/members/{ana.pk}/", None),
        (
            "post",
            "/api/v1/tournaments/",
            {"name": "Mine", "ruleset": "king", "format": "swiss", "rounds": 1, "club": club.pk},
        ),
    ]
    before = stored()
    for person in (bo, cem):
        for method, path, data in calls:
            answer = getattr(client_for(person), method)(path, data, format="json")
            assert (answer.status_code, body(answer)["error"]["code"]) == (403, "club_organiser_only"), (person, path)
    assert stored() == before


def test_members_are_refused_through_the_pages(people, club, members):
    ana, bo = people[:2]
    page = Client()
    page.force_login(bo)
    before = stored()
    assert page.get(f"/clubs/{club.pk}/invitations/").status_code == 403
    assert page.post(f"/clubs/{club.pk}/invitations/", {}).status_code == 403
    assert page.post(f"/clubs/{club.pk}/seasons/", {"name": "Summer", "scoring": "sum"}).status_code == 403
    assert page.post(f"/clubs/{club.pk}/members/{ana.pk}/role/", {"role": "member"}).status_code == 403
    assert page.post(f"/clubs/{club.pk}/members/{ana.pk}/remove/").status_code == 403
    form = page.post(
        "/tournaments/new/",
        {
            "name": "Mine",
            "ruleset": "king",
            "format": "swiss",
            "rounds": 1,
            "table_points": "place",
            "fill": "house_bots",
            "bot_turn_timeout": 2,
            "club": club.pk,
        },
    )
    assert form.status_code == 400 and "club" in form.context["form"].errors
    club_page = page.get(f"/clubs/{club.pk}/").content.decode()
    assert 'id="invitation-links"' not in club_page and 'id="season-form"' not in club_page
    assert stored() == before
