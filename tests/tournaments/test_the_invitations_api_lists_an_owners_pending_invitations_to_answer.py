"""GET /api/v1/invitations/ lists the caller's pending invitations (for them or a bot of theirs)
and nobody else's, each with where to answer it; the owner accepts or declines there, and may
withdraw an entry of theirs later."""

import pytest

from tests.fixtures.people import body, client_for
from tournaments.service import creation, entries


@pytest.fixture
def ana(django_user_model):
    return django_user_model.objects.create_user("ana", password="long-enough-pass")


def test_an_owner_sees_and_answers_their_own_invitations_only(organiser, ana, players, make_bot):
    bot = make_bot(kind="webhook", url="https://ana.example.org/turn", name="ana-hook")
    bot.owner = ana
    bot.save(update_fields=["owner"])
    t = creation.do_create_tournament(organiser, "Club night", "rifki", {}, "swiss", 2)
    person = entries.do_register(t.pk, organiser, user=ana)
    hook = entries.do_register(t.pk, organiser, bot=bot)
    entries.do_register(t.pk, organiser, user=players[0])  # someone else's invitation

    mine = body(client_for(ana).get("/api/v1/invitations/"))
    assert mine == [
        {
            "entrant": person.pk,
            "name": "ana",
            "kind": "user",
            "bot": None,
            "tournament": {
                "id": t.pk,
                "name": "Club night",
                "ruleset": "rifki",
                "format": "swiss",
                "rounds": 2,
                "status": "registration",
                "organiser": "organiser",
            },
            "answer": f"/api/v1/tournaments/{t.pk}/entrants/{person.pk}/",
        },
        {
            "entrant": hook.pk,
            "name": "ana-hook",
            "kind": "bot",
            "bot": "ana-hook",
            "tournament": {
                "id": t.pk,
                "name": "Club night",
                "ruleset": "rifki",
                "format": "swiss",
                "rounds": 2,
                "status": "registration",
                "organiser": "organiser",
            },
            "answer": f"/api/v1/tournaments/{t.pk}/entrants/{hook.pk}/",
        },
    ]
    assert body(client_for(organiser).get("/api/v1/invitations/")) == []

    r = client_for(ana).post(mine[0]["answer"], {"action": "accept"}, format="json")
    assert r.status_code == 200 and body(r)["status"] == "registered"
    r = client_for(ana).post(mine[1]["answer"], {"action": "decline"}, format="json")
    assert r.status_code == 200 and body(r)["status"] == "declined"
    assert body(client_for(ana).get("/api/v1/invitations/")) == []
    # The owner may withdraw an entry of theirs, as the organiser may.
    r = client_for(ana).post(mine[0]["answer"], {"action": "withdraw"}, format="json")
    assert r.status_code == 200 and body(r)["status"] == "withdrawn"


def test_the_list_needs_a_signed_in_caller(db):
    r = client_for().get("/api/v1/invitations/")
    assert r.status_code in (401, 403) and body(r)["error"]["code"]
