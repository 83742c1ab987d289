"""Kings in the Corner through the match API (issue 20): a table of 2 to 6 seats, sized by the
``players`` option (the descriptor's ``num_seats``), with people, bots and open seats; a table
size the game does not play, or seats that do not match it, are refused with a clear code and
nothing is stored."""

import pytest

from games.engine import RULESETS
from games.models import Event, Match, Seat
from tests.fixtures.people import body, client_for

SHEDDING = [name for name, game in RULESETS.items() if not game.trick_taking]


def new_match(client, ruleset, players, seats):
    data = {"ruleset": ruleset, "options": {"players": players}, "seats": seats}
    return client.post("/api/v1/matches/", data, format="json")


@pytest.mark.parametrize("ruleset", SHEDDING)
@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_staff_create_a_table_of_any_size_the_game_plays(players, staff, ruleset, django_user_model):
    people = [f"p{i}" for i in range(players - 1)]
    for name in people:
        django_user_model.objects.create_user(name, password="long-enough-pass")
    r = new_match(client_for(staff), ruleset, players, [*people, None])
    assert r.status_code == 201, r.content
    data = body(r)
    match = Match.objects.get(pk=data["id"])
    assert match.num_seats == players and [s["user"] for s in data["seats"]] == [*people, None]
    assert Event.objects.filter(stream=match.stream).first().type == "game_started"
    state = client_for(staff).get(f"/api/v1/matches/{match.pk}/").json()["state"]
    assert len(state["hand_sizes"]) == players and state["hand"] == []  # staff holds no seat: no hand


@pytest.mark.parametrize(
    ("players", "seats", "code"),
    [
        (7, [None] * 6, "invalid_players"),
        (7, [None] * 7, "invalid_input"),  # more seats than any table has
        (1, [None], "invalid_players"),
        (3, [None] * 4, "invalid_seats"),
        ("three", [None] * 3, "invalid_players"),
    ],
)
def test_a_table_size_the_game_does_not_play_is_refused_and_nothing_is_stored(staff, players, seats, code):
    r = new_match(client_for(staff), SHEDDING[0], players, seats)
    assert r.status_code == 400 and body(r)["error"]["code"] == code, r.content
    assert not Match.objects.exists() and not Seat.objects.exists() and not Event.objects.exists()
