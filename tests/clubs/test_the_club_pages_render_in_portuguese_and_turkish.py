"""Every club page renders for a reader whose browser asks for Brazilian Portuguese or Turkish,
in that language's page (its ``lang``), without an error: your clubs, a club's page with events,
seasons, members and ratings, its invitation links with a new one, a link's page, a member's
rating history, a season's page and its projector, and a refusal. (Their words are translated
with the catalogues, filled after the English is written: tests/i18n holds every page to them.)"""

import pytest
from django.test import Client

from tests.clubs.helpers import play_event
from tournaments.clubs import service

pytestmark = pytest.mark.django_db


@pytest.fixture
def pages(people, club, make_bot):
    ana, bo = people[:2]
    _invitation, token = service.do_create_invitation(club.pk, ana, 30)
    service.do_join(bo, token)
    _spare, spare = service.do_create_invitation(club.pk, ana)
    robots = [make_bot(name=f"robot{i}") for i in range(2)]
    night = play_event(ana, club, [ana, bo, *robots], name="Night 1", venue="O salão", starts_at=None)
    season = service.do_create_season(club.pk, ana, "Spring", scoring="best", best_n=1)
    service.do_add_event(season.pk, ana, night.pk)
    return {
        ana: [
            "/clubs/",
            f"/clubs/{club.pk}/",
            f"/clubs/{club.pk}/invitations/",
            f"/clubs/{club.pk}/members/{ana.pk}/",
            f"/seasons/{season.pk}/",
            f"/clubs/join/{token}/",  # a member already: refused, 409
        ],
        None: [
            f"/clubs/{club.pk}/",
            f"/clubs/join/{spare}/",
            f"/seasons/{season.pk}/",
            f"/seasons/{season.pk}/projector/",
            f"/clubs/{club.pk}/members/{bo.pk}/",
        ],
    }


@pytest.mark.parametrize("language", ["pt-br", "tr"])
def test_every_club_page_renders(pages, people, club, language):
    for reader, paths in pages.items():
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        if reader is not None:
            client.force_login(reader)
        for path in paths:
            page = client.get(path)
            assert page.status_code in (200, 409), (path, page.status_code)
            assert f'<html lang="{language}">' in page.content.decode(), path
    organiser = Client(HTTP_ACCEPT_LANGUAGE=language)
    organiser.force_login(people[0])
    made = organiser.post(f"/clubs/{club.pk}/invitations/", {"expires_in_days": 3})
    assert made.status_code == 201 and f'<html lang="{language}">' in made.content.decode()
    refused = organiser.post(f"/clubs/{club.pk}/leave/")
    assert refused.status_code == 409 and f'<html lang="{language}">' in refused.content.decode()
