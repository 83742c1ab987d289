"""An organiser makes an invitation link; anyone signed in who opens it joins the club as a
member, through the API or the link's page. The link's secret is in the answer that made it and
nowhere in the database, which keeps only its SHA-256."""

import hashlib

import pytest
from django.test import Client

from tests.fixtures.people import body, client_for
from tournaments.models import ClubInvitation, ClubMember

pytestmark = pytest.mark.django_db


def test_a_person_joins_through_the_api_and_the_link_is_stored_only_as_its_hash(people, club):
    ana, bo = people[:2]
    made = client_for(ana).post(f"/api/v1/clubs/{club.pk}/invitations/", {"expires_in_days": 7}, format="json")
    assert made.status_code == 201
    token = body(made)["token"]
    assert body(made)["join_url"].endswith(f"/clubs/join/{token}/")
    stored = ClubInvitation.objects.get()
    assert stored.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert token not in str(list(ClubInvitation.objects.values()))
    listed = body(client_for(ana).get(f"/api/v1/clubs/{club.pk}/invitations/"))
    assert listed[0]["live"] and "token" not in listed[0]

    joined = client_for(bo).post("/api/v1/clubs/join/", {"token": token}, format="json")
    assert joined.status_code == 201
    assert body(joined)["member"] == body(joined)["member"] | {"username": "bo", "role": "member"}
    assert ClubMember.objects.get(club=club, user=bo).role == ClubMember.Role.MEMBER
    stored.refresh_from_db()
    assert stored.uses == 1
    assert [c["name"] for c in body(client_for(bo).get("/api/v1/clubs/"))] == ["The Thursday club"]


def test_a_person_joins_through_the_links_page(people, club):
    ana, cem = people[0], people[2]
    organiser = Client()
    organiser.force_login(ana)
    page = organiser.post(f"/clubs/{club.pk}/invitations/", {"expires_in_days": ""})
    assert page.status_code == 201
    link = page.context["created"]["link"]
    assert link in page.content.decode() and "/clubs/join/kc_" in link
    path = link.split("testserver", 1)[1]

    visitor = Client()
    shown = visitor.get(path)
    assert shown.status_code == 200 and "The Thursday club" in shown.content.decode()
    assert visitor.post(path).status_code == 302  # to the log-in page first
    assert not ClubMember.objects.filter(user=cem).exists()

    visitor.force_login(cem)
    assert 'id="join-club"' in visitor.get(path).content.decode()
    joined = visitor.post(path)
    assert joined.status_code == 303 and joined["Location"] == f"/clubs/{club.pk}/"
    assert ClubMember.objects.get(club=club, user=cem).role == ClubMember.Role.MEMBER
    assert "cem" in visitor.get(f"/clubs/{club.pk}/").content.decode()
