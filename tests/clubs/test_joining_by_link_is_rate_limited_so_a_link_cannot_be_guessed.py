"""Trying links is rate-limited per caller (the ``club_joins`` scope, 10 a minute and 50 an
hour): through the API or the link's page, looked at or posted, the eleventh try in a minute is
refused with 429 and its Retry-After, even with a link that works, and joins nobody."""

import pytest
from django.test import Client

from tests.fixtures.people import client_for
from tests.fixtures.throttles import assert_throttled
from tournaments.clubs import service
from tournaments.models import ClubMember

pytestmark = pytest.mark.django_db


def test_the_eleventh_try_in_a_minute_is_refused(people, club, clock):
    _invitation, token = service.do_create_invitation(club.pk, people[0])
    api = client_for(people[1])
    page = Client()
    page.force_login(people[1])
    for guess in range(5):
        assert api.post("/api/v1/clubs/join/", {"token": f"kc_guess{guess}"}, format="json").status_code == 404
        assert page.get(f"/clubs/join/kc_guess{guess}/").status_code == 404
    assert_throttled(api.post("/api/v1/clubs/join/", {"token": token}, format="json"))
    refused = page.post(f"/clubs/join/{token}/")
    assert refused.status_code == 429 and refused["Retry-After"]
    assert not ClubMember.objects.filter(user=people[1]).exists()
    clock.advance(60)
    assert api.post("/api/v1/clubs/join/", {"token": token}, format="json").status_code == 201
