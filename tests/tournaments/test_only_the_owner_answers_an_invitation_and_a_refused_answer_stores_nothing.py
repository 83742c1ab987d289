"""Only an invitation's owner (the person invited, or the invited bot's owner) answers it: the
organiser, staff and anyone else get 403 not_your_invitation. An answer to no open invitation
is 409 not_invited, an acceptance once a fixed schedule has started 409 late_entry_closed, an
unknown entrant 404, a bad action 400; each through the service and the API, storing nothing."""

import pytest

from games.errors import ServiceError
from tests.fixtures.people import body, client_for
from tournaments.models import Entrant, Tournament
from tournaments.service import creation, entries, rounds


@pytest.fixture
def ana(django_user_model):
    return django_user_model.objects.create_user("ana", password="long-enough-pass")


@pytest.fixture
def invitation(organiser, ana, make_bot):
    """ana's bot, invited to a Swiss event."""
    bot = make_bot(kind="polling", name="ana-bot")
    bot.owner = ana
    bot.save(update_fields=["owner"])
    t = creation.do_create_tournament(organiser, "Club night", "king", {}, "swiss", 1)
    return entries.do_register(t.pk, organiser, bot=bot)


def unchanged(entrant):
    """A check that neither ``entrant`` nor its tournament's stream has changed since now."""
    version = Tournament.objects.get(pk=entrant.tournament_id).version
    status = Entrant.objects.get(pk=entrant.pk).status

    def check():
        assert Tournament.objects.get(pk=entrant.tournament_id).version == version
        assert Entrant.objects.get(pk=entrant.pk).status == status

    return check


def refusal(entrant_id, by, accept=True):
    with pytest.raises(ServiceError) as refused:
        entries.do_answer_invitation(entrant_id, by, accept=accept)
    return refused.value.status, refused.value.code


def test_nobody_but_the_owner_answers(invitation, organiser, players, staff):
    check = unchanged(invitation)
    for someone in (organiser, staff, players[0]):
        for accept in (True, False):
            assert refusal(invitation.pk, someone, accept) == (403, "not_your_invitation")
    r = client_for(organiser).post(
        f"/api/v1/tournaments/{invitation.tournament_id}/entrants/{invitation.pk}/", {"action": "accept"}, format="json"
    )
    assert r.status_code == 403 and body(r)["error"] == {
        "code": "not_your_invitation",
        "message": "only ana can answer this invitation",
        "owner": "ana",
    }
    check()


def test_an_answer_to_no_open_invitation_is_refused(invitation, ana):
    entries.do_answer_invitation(invitation.pk, ana, accept=True)
    check = unchanged(invitation)
    assert refusal(invitation.pk, ana) == (409, "not_invited")
    assert refusal(invitation.pk, ana, accept=False) == (409, "not_invited")
    assert refusal(987654, ana) == (404, "not_found")
    check()


def test_an_acceptance_after_a_fixed_schedule_started_is_refused(organiser, ana, make_bot):
    t = creation.do_create_tournament(organiser, "Fixed", "king", {}, "round_robin", 1)
    invited = entries.do_register(t.pk, organiser, user=ana)
    for i in range(4):
        entries.do_register(t.pk, organiser, bot=make_bot(name=f"h{i}"))
    rounds.do_start_round(t.pk, organiser)
    check = unchanged(invited)
    assert refusal(invited.pk, ana) == (409, "late_entry_closed")
    check()
    assert entries.do_answer_invitation(invited.pk, ana, accept=False).status == Entrant.Status.DECLINED


def test_the_api_refuses_a_bad_action_or_an_entrant_of_another_tournament(invitation, ana, organiser):
    check = unchanged(invitation)
    base = f"/api/v1/tournaments/{invitation.tournament_id}/entrants/{invitation.pk}/"
    r = client_for(ana).post(base, {"action": "maybe"}, format="json")
    assert r.status_code == 400 and body(r)["error"]["code"] == "invalid_input"
    assert "accept, decline, check_in, withdraw" in body(r)["error"]["message"]
    other = creation.do_create_tournament(organiser, "Other", "king", {}, "swiss", 1)
    r = client_for(ana).post(
        f"/api/v1/tournaments/{other.pk}/entrants/{invitation.pk}/", {"action": "accept"}, format="json"
    )
    assert r.status_code == 404
    check()
