"""docs/architecture.md §3.5: one owner (a person with their bots) holds at most one seat at a table, since
two doors to one table would show them two hands. Creating a match refuses a person beside
their own webhook or polling bot, and two such bots of one owner (400 same_owner, naming the
owner; nothing stored), through the API and every other path (games.service.creating.check_new_match).
Built-in bots, the house's or anyone's, decide from one seat's view inside the site and show
their owner nothing: they may sit beside their owner and each other."""

import pytest

from games.errors import ServiceError
from games.models import Event, Match, Seat
from games.service import creating
from tests.fixtures.people import body, client_for


@pytest.fixture
def ana(django_user_model):
    return django_user_model.objects.create_user("ana", password="long-enough-pass")


def owned_by(bot, owner):
    bot.owner = owner
    bot.save(update_fields=["owner"])
    return bot


def create(staff, seats):
    return client_for(staff).post("/api/v1/matches/", {"ruleset": "king", "seats": seats}, format="json")


def assert_nothing_stored():
    assert not Match.objects.exists() and not Seat.objects.exists() and not Event.objects.exists()


@pytest.mark.parametrize("kind", ["polling", "webhook"])
def test_a_person_beside_their_own_bot_is_refused_naming_the_owner(staff, players, ana, make_bot, kind):
    own = owned_by(make_bot(kind=kind, url="https://bots.example.org/turn", name="ana-bot"), ana)
    r = create(staff, ["ana", {"bot": own.name}, players[0].username, players[1].username])
    assert r.status_code == 400
    error = body(r)["error"]
    assert error["code"] == "same_owner" and "ana" in error["message"] and "ana-bot" in error["message"]
    assert_nothing_stored()


def test_two_bots_of_one_owner_are_refused(staff, players, ana, make_bot):
    first, second = (owned_by(make_bot(kind="polling", name=f"ana-{i}"), ana) for i in range(2))
    r = create(staff, [{"bot": first.name}, players[0].username, {"bot": second.name}, players[1].username])
    assert r.status_code == 400 and body(r)["error"]["code"] == "same_owner"
    assert "belong to ana" in body(r)["error"]["message"]
    assert_nothing_stored()


def test_every_path_that_creates_a_match_is_refused_the_same_way(players, ana, make_bot):
    own = owned_by(make_bot(kind="polling", name="ana-bot"), ana)
    with pytest.raises(ServiceError) as refusal:
        creating.do_create_match("king", {}, [players[0], own, players[1], ana])
    assert refusal.value.status == 400 and refusal.value.code == "same_owner"
    assert_nothing_stored()


def test_built_in_bots_may_sit_beside_their_owner_and_each_other(staff, ana, make_bot):
    mine = [owned_by(make_bot(kind="builtin", name=f"ana-builtin{i}"), ana) for i in range(2)]
    house = make_bot(kind="builtin", name="house-random")
    r = create(staff, ["ana", {"bot": mine[0].name}, {"bot": mine[1].name}, {"bot": house.name}])
    assert r.status_code == 201, body(r)
    assert Seat.objects.filter(match_id=body(r)["id"]).count() == 4


def test_people_and_bots_of_different_owners_sit_together(staff, players, ana, make_bot):
    bots = [owned_by(make_bot(kind="polling", name=f"bot-of-{p.username}"), p) for p in players[:2]]
    r = create(staff, ["ana", {"bot": bots[0].name}, {"bot": bots[1].name}, players[2].username])
    assert r.status_code == 201, body(r)
