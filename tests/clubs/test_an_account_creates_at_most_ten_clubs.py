"""An account creates at most ten clubs: the eleventh is refused with 429 too_many_clubs, through
the API and the page, and nothing is stored. A club needs a name of 1 to 80 characters."""

import pytest
from django.test import Client

from tests.fixtures.people import body, client_for
from tournaments.clubs import service
from tournaments.models import Club, ClubMember

pytestmark = pytest.mark.django_db


def stored():
    return Club.objects.count(), ClubMember.objects.count()


def test_the_eleventh_club_is_refused(people):
    ana = people[0]
    made = client_for(ana).post("/api/v1/clubs/", {"name": "Club 1"}, format="json")
    assert made.status_code == 201 and body(made)["your_role"] == "organiser"
    for number in range(2, service.CLUBS_PER_ACCOUNT + 1):
        service.do_create_club(ana, f"Club {number}")
    before = stored()
    answer = client_for(ana).post("/api/v1/clubs/", {"name": "One too many"}, format="json")
    assert (answer.status_code, body(answer)["error"]["code"]) == (429, "too_many_clubs")
    page = Client()
    page.force_login(ana)
    refused = page.post("/clubs/", {"name": "One too many"})
    assert refused.status_code == 429 and "the most one account may" in refused.content.decode()
    assert stored() == before
    assert client_for(people[1]).post("/api/v1/clubs/", {"name": "Bo's club"}, format="json").status_code == 201


def test_a_club_without_a_proper_name_is_refused(people):
    for name in ("", "   ", "x" * 81, None, 7):
        answer = client_for(people[0]).post("/api/v1/clubs/", {"name": name}, format="json")
        assert (answer.status_code, body(answer)["error"]["code"]) == (400, "invalid_input"), name
    assert stored() == (0, 0)
