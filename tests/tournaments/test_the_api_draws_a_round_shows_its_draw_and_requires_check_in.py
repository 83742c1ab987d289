"""The API's draw and check-in (docs/tournaments.md, "Draw, check-in and start"):
``POST rounds/ {"action": "draw"}`` draws the next round (201, its tables), ``GET
tournaments/{id}/`` shows the draw until the round starts, ``POST check-in/ {"required": true}``
turns check-in on; refusals answer their code and store nothing."""

import pytest

from tests.fixtures.people import body, client_for
from tests.tournaments.draws import event, head, types


@pytest.fixture
def night(organiser, make_bot):
    return event(organiser, make_bot, "swiss", 8)


def test_the_organiser_draws_then_starts_and_the_tournament_shows_the_draw_meanwhile(night, organiser):
    api, base = client_for(organiser), f"/api/v1/tournaments/{night.pk}/"
    assert body(api.get(base))["draw"] is None
    drawn = api.post(base + "rounds/", {"action": "draw"}, format="json")
    assert drawn.status_code == 201
    draw = body(drawn)["draw"]
    assert draw["round"] == 1 and len(draw["tables"]) == 2 and draw["byes"] == []
    assert body(client_for().get(base))["draw"] == draw  # public, as the tournament page
    started = api.post(base + "rounds/", {"action": "start"}, format="json")
    assert started.status_code == 201
    assert [t["seats"] for t in body(started)["tables"]] == [t["seats"] for t in draw["tables"]]
    assert body(api.get(base))["draw"] is None


def test_the_organiser_requires_check_in(night, organiser):
    api, base = client_for(organiser), f"/api/v1/tournaments/{night.pk}/"
    answer = api.post(base + "check-in/", {"required": True}, format="json")
    assert answer.status_code == 200 and body(answer) == {"check_in_required": True}
    assert body(api.get(base))["check_in_required"] is True and types(night)[-1] == "check_in_required"


@pytest.mark.parametrize(
    "who, path, data, status, code",
    [
        ("player", "rounds/", {"action": "draw"}, 403, "organiser_only"),
        ("player", "check-in/", {"required": True}, 403, "organiser_only"),
        ("organiser", "check-in/", {"required": "yes"}, 400, "invalid_input"),
        ("organiser", "rounds/", {"action": "shuffle"}, 400, "invalid_input"),
        (None, "check-in/", {"required": True}, 401, "not_authenticated"),
    ],
)
def test_refusals_answer_their_code_and_store_nothing(night, organiser, players, who, path, data, status, code):
    client = client_for({"player": players[0], "organiser": organiser}.get(who))
    before = head(night)
    answer = client.post(f"/api/v1/tournaments/{night.pk}/{path}", data, format="json")
    assert answer.status_code == status and body(answer)["error"]["code"] == code
    assert head(night) == before
