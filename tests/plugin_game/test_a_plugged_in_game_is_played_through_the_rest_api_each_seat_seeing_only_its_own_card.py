"""High card, defined under tests/ alone and plugged in by its fixture, is created and played
through the match API like any game: the API offers it, takes each seat's action, and every
seat's events show that seat's own card and no other until the deal is over."""

from games.engine.hiders import HIDDEN
from games.models import Match
from tests.fixtures.matches import act
from tests.fixtures.people import body, client_for

from .highcard import NAME


def dealt(events):
    """The dealt hands of each deal_started in an events answer ({version, event} rows)."""
    return [row["event"]["hands"] for row in events if row["event"]["type"] == "deal_started"]


def test_a_match_is_created_acted_on_and_redacted_per_seat(highcard, players, staff):
    people = players[:2]
    r = client_for(staff).post(
        "/api/v1/matches/",
        {"ruleset": NAME, "options": {"deals": 1}, "seats": [p.username for p in people]},
        format="json",
    )
    assert r.status_code == 201, r.content
    match = Match.objects.get(pk=body(r)["id"])
    assert match.ruleset == NAME and match.num_seats == 2
    clients = [client_for(p) for p in people]

    for seat, client in enumerate(clients):
        (hands,) = dealt(body(client.get(f"/api/v1/matches/{match.pk}/events/"))["events"])
        assert hands[seat] is not HIDDEN and hands[1 - seat] is HIDDEN

    first = body(clients[1].get(f"/api/v1/matches/{match.pk}/"))["state"]
    assert first["to_act"] == 1 and first["legal_actions"] == [{"type": "show"}, {"type": "fold"}]
    refused = act(clients[1], match, {"type": "stay"})
    assert refused.status_code == 422 and body(refused)["error"]["code"] == "show_or_fold"
    assert body(refused)["error"]["message"] == "in high card you show your card or fold"
    assert act(clients[1], match, {"type": "show"}).status_code == 201
    assert act(clients[0], match, {"type": "fold"}).status_code == 201

    match.refresh_from_db()
    final = body(clients[0].get(f"/api/v1/matches/{match.pk}/"))["state"]
    assert final["is_over"] and final["scores"] == [0, 1]
    (hands,) = dealt(body(clients[0].get(f"/api/v1/matches/{match.pk}/events/"))["events"])
    assert all(hand is not HIDDEN for hand in hands)  # the deal is over: the table sees both cards
