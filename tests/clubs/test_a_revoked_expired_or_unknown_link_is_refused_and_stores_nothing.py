"""A link that was revoked or has expired, a secret no link has, and a link opened by someone
already in the club are refused, through the API and the link's page alike, with their code and
status, and store nothing: no member, no use counted. Revoking needs an organiser."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.errors import ServiceError
from tests.fixtures.people import body, client_for
from tournaments.clubs import service
from tournaments.models import ClubInvitation, ClubMember

pytestmark = pytest.mark.django_db


def stored():
    return (
        sorted(ClubMember.objects.values_list("club_id", "user_id", "role")),
        sorted(ClubInvitation.objects.values_list("pk", "uses", "revoked_at", "expires_at")),
    )


def refused_join(person, token, status, code):
    before = stored()
    answer = client_for(person).post("/api/v1/clubs/join/", {"token": token}, format="json")
    assert (answer.status_code, body(answer)["error"]["code"]) == (status, code)
    page = Client()
    page.force_login(person)
    assert page.post(f"/clubs/join/{token}/").status_code == status
    shown = page.get(f"/clubs/join/{token}/")
    assert shown.status_code == status and 'id="join-club"' not in shown.content.decode()
    assert stored() == before


def test_a_revoked_link_is_refused(people, club):
    ana, bo = people[:2]
    invitation, token = service.do_create_invitation(club.pk, ana)
    assert client_for(ana).delete(f"/api/v1/clubs/{club.pk}/invitations/{invitation.pk}/").status_code == 204
    refused_join(bo, token, 410, "invitation_revoked")


def test_an_expired_link_is_refused(people, club):
    ana, bo = people[:2]
    invitation, token = service.do_create_invitation(club.pk, ana, 1)
    ClubInvitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    refused_join(bo, token, 410, "invitation_expired")


def test_a_secret_no_link_has_is_refused(people, club):
    service.do_create_invitation(club.pk, people[0])
    refused_join(people[1], "kc_" + "x" * 43, 404, "invitation_unknown")
    refused_join(people[1], "not-even-a-link", 404, "invitation_unknown")


def test_a_member_joining_again_is_refused(people, club):
    ana, bo = people[:2]
    _invitation, token = service.do_create_invitation(club.pk, ana)
    service.do_join(bo, token)
    refused_join(bo, token, 409, "already_member")
    refused_join(ana, token, 409, "already_member")


def test_only_an_organiser_revokes_a_link_and_a_bad_expiry_is_refused(people, club):
    ana, bo = people[:2]
    invitation, token = service.do_create_invitation(club.pk, ana)
    service.do_join(bo, token)
    before = stored()
    answer = client_for(bo).delete(f"/api/v1/clubs/{club.pk}/invitations/{invitation.pk}/")
    assert (answer.status_code, body(answer)["error"]["code"]) == (403, "club_organiser_only")
    for days in (0, 366, "7", 1.5):
        answer = client_for(ana).post(f"/api/v1/clubs/{club.pk}/invitations/", {"expires_in_days": days}, format="json")
        assert (answer.status_code, body(answer)["error"]["code"]) == (400, "invalid_input"), days
    assert stored() == before


def test_a_club_has_at_most_twenty_live_links(people, club):
    for _ in range(service.LINKS_PER_CLUB):
        service.do_create_invitation(club.pk, people[0])
    before = stored()
    with pytest.raises(ServiceError) as refusal:
        service.do_create_invitation(club.pk, people[0])
    assert (refusal.value.status, refusal.value.code) == (429, "too_many_invitations")
    assert stored() == before
