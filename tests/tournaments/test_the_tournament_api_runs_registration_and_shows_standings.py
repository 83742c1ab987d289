"""tournaments/ API: organisers create and register; anyone reads entrants and standings."""

import csv
import io

from tests.fixtures.people import body, client_for
from tournaments import read
from tournaments.models import Entrant, Tournament


def create(client, **fields):
    data = {"name": "Club night", "ruleset": "king", "format": "swiss", "rounds": 3, **fields}
    return client.post("/api/v1/tournaments/", data, format="json")


def test_a_user_creates_a_tournament_and_is_its_organiser(organiser):
    r = create(client_for(organiser), options={"quick_game_combined_negatives": True})
    assert r.status_code == 201
    data = body(r)
    assert data["organiser"] == "organiser" and data["seed"] is None and len(data["seed_sha256"]) == 64
    assert data["options"]["quick_game_combined_negatives"] is True
    assert body(client_for(organiser).get(f"/api/v1/tournaments/{data['id']}/"))["root_hash"] == data["root_hash"]


def test_bad_settings_are_refused_as_json_errors_and_nothing_is_stored(organiser):
    for fields in (
        {"format": "cup"},
        {"rounds": 0},
        {"options": {"bogus": 1}},
        {"tie_breaks": ["dice"]},
        {"ruleset": "poker"},
    ):
        r = create(client_for(organiser), **fields)
        assert r.status_code == 400 and body(r)["error"]["code"], fields
    assert not Tournament.objects.exists()


def test_registration_check_in_withdrawal_and_standings_through_the_api(organiser, players, make_bot):
    client = client_for(organiser)
    tid = body(create(client))["id"]
    for p in players:  # the organiser invites each; the entry counts once they accept
        r = client.post(f"/api/v1/tournaments/{tid}/entrants/", {"user": p.username}, format="json")
        assert r.status_code == 201 and body(r)["status"] == "invited"
        r = client_for(p).post(
            f"/api/v1/tournaments/{tid}/entrants/{body(r)['id']}/", {"action": "accept"}, format="json"
        )
        assert r.status_code == 200 and body(r)["status"] == "registered"
    house = make_bot(name="house-heuristic", strategy="heuristic")
    assert (
        body(client.post(f"/api/v1/tournaments/{tid}/entrants/", {"bot": house.name, "house": True}, format="json"))[
            "ranked"
        ]
        is False
    )
    me = Entrant.objects.get(user=players[0])
    r = client_for(players[0]).post(
        f"/api/v1/tournaments/{tid}/entrants/{me.pk}/", {"action": "check_in"}, format="json"
    )
    assert r.status_code == 200 and body(r)["status"] == "checked_in"
    r = client_for(players[1]).post(
        f"/api/v1/tournaments/{tid}/entrants/{me.pk}/", {"action": "withdraw"}, format="json"
    )
    assert r.status_code == 403 and body(r)["error"]["code"] == "organiser_only"
    standings = body(client_for(players[2]).get(f"/api/v1/tournaments/{tid}/standings/"))
    assert {row["name"] for row in standings["standings"]} == {p.username for p in players} | {"house-heuristic"}
    assert standings["root_hash"] == read.root_hash(Tournament.objects.get(pk=tid))
    response = client.get(f"/api/v1/tournaments/{tid}/standings/?export=csv")
    assert response["X-Root-Hash"] == standings["root_hash"]
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == len(players)  # the ranked entrants, under the header
    assert {row["root_hash"] for row in rows} == {standings["root_hash"]}


def test_registering_others_needs_the_organiser_and_unknown_names_are_refused(organiser, players):
    tid = body(create(client_for(organiser)))["id"]
    r = client_for(players[0]).post(
        f"/api/v1/tournaments/{tid}/entrants/", {"user": players[1].username}, format="json"
    )
    assert r.status_code == 403
    r = client_for(organiser).post(f"/api/v1/tournaments/{tid}/entrants/", {"user": "ghost"}, format="json")
    assert r.status_code == 400 and body(r)["error"]["code"] == "unknown_user"
    r = client_for(organiser).post(f"/api/v1/tournaments/{tid}/entrants/", {"user": "a", "bot": "b"}, format="json")
    assert r.status_code == 400
    assert client_for(organiser).get("/api/v1/tournaments/9999/standings/").status_code == 404
    assert not Entrant.objects.exists()


def test_the_organiser_starts_and_closes_rounds_and_anyone_sees_the_draw(organiser, players, make_bot):
    client = client_for(organiser)
    tid = body(create(client, options={"quick_game_combined_negatives": True}, rounds=1))["id"]
    for i in range(4):
        client.post(f"/api/v1/tournaments/{tid}/entrants/", {"bot": make_bot(name=f"b{i}").name}, format="json")
    r = client_for(players[0]).post(f"/api/v1/tournaments/{tid}/rounds/", {"action": "start"}, format="json")
    assert r.status_code == 403 and body(r)["error"]["code"] == "organiser_only"
    r = client.post(f"/api/v1/tournaments/{tid}/rounds/", {"action": "start"}, format="json")
    assert r.status_code == 201 and len(body(r)["tables"]) == 1
    rounds = body(client_for(players[0]).get(f"/api/v1/tournaments/{tid}/rounds/"))
    assert rounds[0]["round"] == 1 and not rounds[0]["closed"] and len(rounds[0]["tables"][0]["seats"]) == 4
    r = client.post(f"/api/v1/tournaments/{tid}/rounds/", {"action": "close"}, format="json")
    assert r.status_code == 409 and body(r)["error"]["code"] == "results_missing"
    r = client.post(f"/api/v1/tournaments/{tid}/rounds/", {"action": "jump"}, format="json")
    assert r.status_code == 400
