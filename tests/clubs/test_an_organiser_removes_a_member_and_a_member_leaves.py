"""An organiser removes a member (the button beside them on the club's page, or DELETE
clubs/{id}/members/{user_id}/), and a member leaves by themself; neither is in the club any more
and the club's page says so. Someone not in the club cannot be removed (404 not_a_member), and
nothing is stored."""

import pytest
from django.test import Client

from tests.fixtures.people import body, client_for
from tournaments.clubs import service
from tournaments.models import ClubMember

pytestmark = pytest.mark.django_db


def test_removing_and_leaving(people, club):
    ana, bo, cem, dia = people
    _invitation, token = service.do_create_invitation(club.pk, ana)
    service.do_join(bo, token)
    service.do_join(cem, token)
    page = Client()
    page.force_login(ana)
    removed = page.post(f"/clubs/{club.pk}/members/{bo.pk}/remove/")
    assert removed.status_code == 303
    assert "bo is no longer a member." in page.get(removed["Location"]).content.decode()
    assert client_for(cem).delete(f"/api/v1/clubs/{club.pk}/members/{cem.pk}/").status_code == 204
    assert sorted(ClubMember.objects.values_list("user__username", flat=True)) == ["ana"]

    answer = client_for(ana).delete(f"/api/v1/clubs/{club.pk}/members/{dia.pk}/")
    assert (answer.status_code, body(answer)["error"]["code"]) == (404, "not_a_member")
    assert sorted(ClubMember.objects.values_list("user__username", flat=True)) == ["ana"]
