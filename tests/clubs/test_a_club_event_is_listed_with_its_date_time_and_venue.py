"""An organiser holds an event for the club, through the new-tournament form (its "New event for
the club" link picks the club) or the API, with when and where it is played; the club's page
lists it among the coming events with its date, time and venue, and once it is over among the
past ones. A start with no time zone, or a venue over 120 characters, is refused and nothing is
stored."""

from datetime import datetime, timezone

import pytest
from django.test import Client

from games.models import Event
from tests.fixtures.people import body, client_for
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_the_form_and_the_api_hold_an_event_for_the_club(people, club):
    ana = people[0]
    page = Client()
    page.force_login(ana)
    form = page.get(f"/tournaments/new/?club={club.pk}")
    assert form.context["form"]["club"].value() == club.pk
    made = page.post(
        "/tournaments/new/",
        {
            "name": "Thursday night",
            "ruleset": "king",
            "format": "swiss",
            "rounds": 3,
            "table_points": "place",
            "fill": "house_bots",
            "bot_turn_timeout": 2,
            "rated": "on",
            "club": club.pk,
            "starts_at": "2031-03-06T19:30",
            "venue": "The back room of the Lion",
        },
    )
    assert made.status_code == 302, made.context["form"].errors
    night = Tournament.objects.get(name="Thursday night")
    assert night.club == club and night.venue == "The back room of the Lion"
    assert night.starts_at == datetime(2031, 3, 6, 19, 30, tzinfo=timezone.utc)

    answer = client_for(ana).post(
        "/api/v1/tournaments/",
        {"name": "Friday cup", "ruleset": "king", "format": "swiss", "rounds": 1, "club": club.pk}
        | {"starts_at": "2031-03-07T20:00:00Z", "venue": "Café Central"},
        format="json",
    )
    assert answer.status_code == 201
    assert body(answer) | {"club": club.pk, "venue": "Café Central"} == body(answer)
    assert body(answer)["starts_at"].startswith("2031-03-07T20:00:00")

    listed = Client().get(f"/clubs/{club.pk}/")
    coming = [e["name"] for e in listed.context["coming"]]
    assert coming == ["Thursday night", "Friday cup"]  # the soonest first
    text = listed.content.decode()
    assert "The back room of the Lion" in text and "7:30" in text and "Café Central" in text
    club_api = body(client_for().get(f"/api/v1/clubs/{club.pk}/"))
    assert [e["venue"] for e in club_api["events"]["coming"]] == ["The back room of the Lion", "Café Central"]

    Tournament.objects.filter(pk=night.pk).update(status=Tournament.Status.FINISHED)
    listed = Client().get(f"/clubs/{club.pk}/")
    assert [e["name"] for e in listed.context["past"]] == ["Thursday night"]


def test_a_bad_start_or_venue_is_refused(people, club):
    before = (Tournament.objects.count(), Event.objects.count())
    for extra in ({"venue": "x" * 121}, {"starts_at": "next Thursday"}):
        answer = client_for(people[0]).post(
            "/api/v1/tournaments/",
            {"name": "Bad", "ruleset": "king", "format": "swiss", "rounds": 1, "club": club.pk} | extra,
            format="json",
        )
        assert (answer.status_code, body(answer)["error"]["code"]) == (400, "invalid_input"), extra
    assert (Tournament.objects.count(), Event.objects.count()) == before
