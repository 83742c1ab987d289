"""On the manage page the organiser registers a person by username and a bot by name or id, and
withdraws entrants: each is an event in the tournament's stream; a refusal shows its message
with its status and stores nothing."""

import pytest

from games.record import eventlog
from tournaments.models import Entrant


@pytest.fixture
def manage(client, tournament):
    client.force_login(tournament.organiser)
    base = f"/tournaments/{tournament.pk}/manage/"

    def post(path, data=None):
        return client.post(base + path, data or {})

    post.page = lambda: client.get(base).content.decode()
    return post


def events(tournament, kind):
    return [r.payload for r in eventlog.stream_events(tournament.stream) if r.type == kind]


def test_people_and_bots_are_registered_by_name_or_id(manage, tournament, players, make_bot):
    make_bot(name="alpha")
    beta = make_bot(name="beta")
    page = manage.page()
    for hook in ('id="id_user"', 'id="id_bot"', 'id="register-bot"', 'id="register-person"', '<option value="alpha">'):
        assert hook in page
    for data in ({"user": "player0"}, {"bot": "alpha"}, {"bot": str(beta.pk)}):
        r = manage("register/", data)
        assert r.status_code == 302 and r["Location"] == f"/tournaments/{tournament.pk}/manage/"
    # Someone else is invited (they count once they accept); the house's bots are registered.
    assert [(e["name"], e["kind"]) for e in events(tournament, "entrant_invited")] == [("player0", "user")]
    registered = events(tournament, "entrant_registered")
    assert [(e["name"], e["kind"]) for e in registered] == [("alpha", "bot"), ("beta", "bot")]
    page = manage.page()
    assert "beta is registered." in page
    assert all(name in page for name in ("player0", "alpha", "beta"))


@pytest.mark.parametrize(
    "data, status, message",
    [
        ({"user": "nobody"}, 400, "There is no user nobody."),
        ({"bot": "ghost"}, 400, "There is no bot ghost."),
        ({}, 400, "Give either a username or a bot."),
        ({"bot": "alpha"}, 409, "already registered in this tournament"),
        ({"bot": "sleepy"}, 400, "the bot “sleepy” is disabled"),
    ],
)
def test_a_bad_registration_is_refused_with_its_message(manage, tournament, make_bot, data, status, message):
    alpha = make_bot(name="alpha")
    sleepy = make_bot(name="sleepy")
    sleepy.is_active = False
    sleepy.save()
    assert manage("register/", {"bot": "alpha"}).status_code == 302
    r = manage("register/", data)
    assert r.status_code == status and message in r.content.decode()
    assert list(Entrant.objects.values_list("bot", flat=True)) == [alpha.pk]
    assert len(events(tournament, "entrant_registered")) == 1


def test_an_entrant_is_withdrawn_with_an_event_and_only_once(manage, tournament, make_bot):
    manage("register/", {"bot": make_bot(name="alpha").name})
    entrant = Entrant.objects.get()
    assert f'id="withdraw-{entrant.pk}"' in manage.page()
    assert manage(f"withdraw/{entrant.pk}/").status_code == 302
    assert [e["entrant"] for e in events(tournament, "entrant_withdrawn")] == [entrant.pk]
    entrant.refresh_from_db()
    assert entrant.status == "withdrawn"
    r = manage(f"withdraw/{entrant.pk}/")
    assert r.status_code == 409 and "the entrant is withdrawn" in r.content.decode()
    assert len(events(tournament, "entrant_withdrawn")) == 1
    assert manage("withdraw/987654/").status_code == 404
