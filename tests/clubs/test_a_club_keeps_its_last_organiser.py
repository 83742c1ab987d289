"""A club always has an organiser: its last one can neither leave, nor be removed, nor be made a
plain member (409 last_organiser), through the API or the pages, and nothing is stored. Once
another member is an organiser, either may step down or leave."""

import pytest
from django.test import Client

from tests.fixtures.people import body, client_for
from tournaments.clubs import service
from tournaments.models import ClubMember

pytestmark = pytest.mark.django_db


def roles(club):
    return sorted(ClubMember.objects.filter(club=club).values_list("user__username", "role"))


@pytest.fixture
def with_bo(people, club):
    _invitation, token = service.do_create_invitation(club.pk, people[0])
    service.do_join(people[1], token)


def test_the_last_organiser_cannot_leave_or_step_down(people, club, with_bo):
    ana = people[0]
    before = roles(club)
    api = client_for(ana)
    for answer in (
        api.delete(f"/api/v1/clubs/{club.pk}/members/{ana.pk}/"),
        api.patch(f"/api/v1/clubs/{club.pk}/members/{ana.pk}/", {"role": "member"}, format="json"),
    ):
        assert (answer.status_code, body(answer)["error"]["code"]) == (409, "last_organiser")
    page = Client()
    page.force_login(ana)
    assert page.post(f"/clubs/{club.pk}/leave/").status_code == 409
    assert page.post(f"/clubs/{club.pk}/members/{ana.pk}/role/", {"role": "member"}).status_code == 409
    assert roles(club) == before == [("ana", "organiser"), ("bo", "member")]


def test_with_a_second_organiser_the_first_may_step_down_and_leave(people, club, with_bo):
    ana, bo = people[:2]
    promoted = client_for(ana).patch(f"/api/v1/clubs/{club.pk}/members/{bo.pk}/", {"role": "organiser"}, format="json")
    assert promoted.status_code == 200 and body(promoted)["role"] == "organiser"
    page = Client()
    page.force_login(ana)
    assert page.post(f"/clubs/{club.pk}/members/{ana.pk}/role/", {"role": "member"}).status_code == 303
    assert roles(club) == [("ana", "member"), ("bo", "organiser")]
    assert page.post(f"/clubs/{club.pk}/leave/").status_code == 303
    assert roles(club) == [("bo", "organiser")]
    answer = client_for(bo).delete(f"/api/v1/clubs/{club.pk}/members/{bo.pk}/")
    assert (answer.status_code, body(answer)["error"]["code"]) == (409, "last_organiser")


def test_someone_not_in_the_club_cannot_leave_it(people, club):
    answer = client_for(people[2]).delete(f"/api/v1/clubs/{club.pk}/members/{people[2].pk}/")
    assert (answer.status_code, body(answer)["error"]["code"]) == (404, "not_a_member")
    assert roles(club) == [("ana", "organiser")]
