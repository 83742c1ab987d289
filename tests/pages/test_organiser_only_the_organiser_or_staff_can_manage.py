"""Only the tournament's organiser (or staff) can open its manage page or act on it: anyone else
gets a 403 with the service's message and nothing is stored; the public page links to the
manage page for them only, and to the CSV standings for everyone."""

import pytest
from django.test import Client

from tournaments.models import Entrant
from tournaments.service import entries


@pytest.fixture
def stranger(django_user_model):
    return django_user_model.objects.create_user("stranger", password="long-enough-pass")


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def test_someone_else_is_refused_every_page_and_action_and_nothing_is_stored(tournament, stranger, make_bot):
    bots = [make_bot(name=f"b{i}") for i in range(4)]
    entrant = entries.do_register(tournament.pk, tournament.organiser, bot=bots[0])
    tournament.refresh_from_db()
    version = tournament.version
    client, base = signed_in(stranger), f"/tournaments/{tournament.pk}/manage/"
    r = client.get(base)
    assert r.status_code == 403 and "only the tournament&#x27;s organiser can do this" in r.content.decode()
    assert client.get(base + "rounds/").status_code == 403
    for path, data in [
        ("register/", {"bot": "b1"}),
        ("register/", {"user": "stranger"}),
        (f"withdraw/{entrant.pk}/", {}),
        ("start-round/", {}),
        ("close-round/", {}),
        ("rulings/", {"kind": "annul_match", "match": "1", "reason": "no"}),
    ]:
        r = client.post(base + path, data)
        assert r.status_code == 403, path
    tournament.refresh_from_db()
    assert tournament.version == version
    assert list(Entrant.objects.values_list("name", "status")) == [("b0", "registered")]


def test_the_organiser_and_staff_may_manage(tournament, staff):
    for user in (tournament.organiser, staff):
        r = signed_in(user).get(f"/tournaments/{tournament.pk}/manage/")
        assert r.status_code == 200 and "Club night" in r.content.decode()


def test_anonymous_visitors_are_sent_to_log_in(tournament):
    r = Client().post(f"/tournaments/{tournament.pk}/manage/start-round/")
    assert r.status_code == 302 and r["Location"].startswith("/accounts/login/")
    tournament.refresh_from_db()
    assert tournament.version == 1


def test_the_public_page_links_to_the_manage_page_for_the_organiser_only_and_to_the_csv_for_all(
    tournament, stranger, staff
):
    manage = f'href="/tournaments/{tournament.pk}/manage/"'
    csv = f'id="export-csv" href="/api/v1/tournaments/{tournament.pk}/standings/?export=csv"'
    for client, shown in [
        (signed_in(tournament.organiser), True),
        (signed_in(staff), True),
        (signed_in(stranger), False),
        (Client(), False),
    ]:
        page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
        assert (manage in page) is shown
        assert csv in page


def test_an_unknown_tournament_is_a_404(client, organiser):
    client.force_login(organiser)
    assert client.get("/tournaments/987654/manage/").status_code == 404
    assert client.post("/tournaments/987654/manage/start-round/").status_code == 404
