"""The invitations page (linked from the header) shows a signed-in person the entries organisers
made for them or their bots, with Accept and Decline buttons; an answer is recorded as an event
and said in words. Anyone but the owner is refused with the service's message and status, and
nothing is stored; the organiser's manage page shows the entry as invited, with a button to
cancel the invitation."""

import pytest
from django.test import Client

from games.record import eventlog
from tournaments.models import Entrant
from tournaments.service import creation, entries


@pytest.fixture
def ana(django_user_model):
    return django_user_model.objects.create_user("ana", password="long-enough-pass")


@pytest.fixture
def invited(organiser, ana, make_bot):
    """ana in person and ana's bot, invited to the organiser's Swiss event."""
    bot = make_bot(kind="polling", name="ana-bot")
    bot.owner = ana
    bot.save(update_fields=["owner"])
    t = creation.do_create_tournament(organiser, "Thursday King", "king", {}, "swiss", 3)
    return entries.do_register(t.pk, organiser, user=ana), entries.do_register(t.pk, organiser, bot=bot)


def browser(user):
    client = Client()
    client.force_login(user)
    return client


def answers(entrant):
    return [
        r.type
        for r in eventlog.stream_events(f"tournament/{entrant.tournament_id}")
        if r.type in ("entrant_accepted", "entrant_declined")
    ]


def test_the_owner_sees_each_invitation_with_its_buttons(invited, ana):
    person, bot = invited
    header = browser(ana).get("/").content.decode()
    assert 'href="/invitations/"' in header
    page = browser(ana).get("/invitations/").content.decode()
    assert "organiser invites you to" in page and "organiser invites your bot ana-bot to" in page
    assert f'<a href="/tournaments/{person.tournament_id}/">Thursday King</a>' in page
    for entrant in invited:
        assert f'id="accept-{entrant.pk}"' in page and f'id="decline-{entrant.pk}"' in page
        assert f'action="/invitations/{entrant.pk}/"' in page


def test_accepting_and_declining_are_recorded_and_said_in_words(invited, ana):
    person, bot = invited
    client = browser(ana)
    r = client.post(f"/invitations/{person.pk}/", {"action": "accept"})
    assert r.status_code == 302 and r["Location"] == "/invitations/"
    r = client.post(f"/invitations/{bot.pk}/", {"action": "decline"}, follow=True)
    page = r.content.decode()
    assert "You declined: ana-bot will not play in Thursday King." in page
    assert "No invitations are waiting for your answer." in page
    assert [Entrant.objects.get(pk=e.pk).status for e in invited] == ["registered", "declined"]
    assert answers(person) == ["entrant_accepted", "entrant_declined"]


def test_anyone_else_is_refused_and_nothing_is_stored(invited, organiser, django_user_model):
    person, _ = invited
    stranger = django_user_model.objects.create_user("stranger", password="long-enough-pass")
    for someone in (organiser, stranger):
        r = browser(someone).post(f"/invitations/{person.pk}/", {"action": "accept"})
        assert r.status_code == 403 and "only ana can answer this invitation" in r.content.decode()
    r = browser(stranger).post(f"/invitations/{person.pk}/", {"action": "sideways"})
    assert r.status_code == 400 and "Choose Accept or Decline." in r.content.decode()
    assert browser(stranger).post("/invitations/987654/", {"action": "accept"}).status_code == 404
    assert Client().get("/invitations/")["Location"].startswith("/accounts/login/")
    assert Entrant.objects.get(pk=person.pk).status == "invited" and answers(person) == []


def test_the_manage_page_shows_the_invitation_and_can_cancel_it(invited, organiser, django_user_model):
    person, _ = invited
    client = browser(organiser)
    django_user_model.objects.create_user("cem", password="long-enough-pass")
    r = client.post(f"/tournaments/{person.tournament_id}/manage/register/", {"user": "cem"}, follow=True)
    assert "cem is invited: the entry counts once its owner accepts." in r.content.decode()
    page = client.get(f"/tournaments/{person.tournament_id}/manage/").content.decode()
    assert "invited, awaiting an answer" in page and "Cancel the invitation" in page
    r = client.post(f"/tournaments/{person.tournament_id}/manage/withdraw/{person.pk}/")
    assert r.status_code == 302
    assert Entrant.objects.get(pk=person.pk).status == "declined"
    assert answers(person) == ["entrant_declined"]
