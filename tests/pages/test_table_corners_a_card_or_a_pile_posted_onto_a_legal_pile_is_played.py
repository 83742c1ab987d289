"""On a piles table a pile button posts the pile (``to``) with the card picked (``card``, and
``as`` for a joker) or the pile moved (``from``): each legal one goes through the one legality
path (games.service.playing.submit_action) and is logged as the engine's action; the end-turn button and the
list of every move post their action as JSON."""

import json

import pytest

from games.models import Event
from tests.pages.corners_tables import corners_hand
from tests.pages.tables import browser


def post(match, user, data, htmx=True):
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return browser(user).post(f"/matches/{match.pk}/act/", {**data, "expected_version": match.version}, **extra)


def last_event(match):
    match.refresh_from_db()
    return Event.objects.get(stream=match.stream, version=match.version)


@pytest.mark.parametrize(
    "posted, logged",
    [
        ({"card": "8H", "to": "N", "as": "", "from": ""}, {"type": "play", "card": "8H", "to": "N"}),
        ({"card": "KC", "to": "SW", "as": "", "from": ""}, {"type": "play", "card": "KC", "to": "SW"}),
        ({"card": "", "to": "E", "as": "", "from": "N"}, {"type": "move", "from": "N", "to": "E"}),
        # the end-turn button beside the (empty) hidden fields of the pile form
        ({"card": "", "as": "", "from": "", "action": '{"type": "end_turn"}'}, {"type": "end_turn"}),
        ({"action": '{"type": "move", "from": "N", "to": "E"}'}, {"type": "move", "from": "N", "to": "E"}),
    ],
)
def test_a_legal_pile_target_is_played_as_the_engines_action(players, make_bot, posted, logged):
    match = corners_hand(players[0], make_bot())
    before = match.version
    response = post(match, players[0], posted)
    assert response.status_code == 200 and 'id="error"' not in response.content.decode()
    event = Event.objects.get(stream=match.stream, version=before + 1)
    fields = {k: v for k, v in logged.items() if k != "type"}
    assert event.type == logged["type"] and event.payload == {**fields, "seat": 0}


def test_a_played_card_lies_on_its_pile_in_the_table_that_comes_back(players, make_bot):
    match = corners_hand(players[0], make_bot())
    page = post(match, players[0], {"card": "8H", "to": "N"}).content.decode()
    north = page.split('class="pile at-N"', 1)[1].split("</div>", 1)[0]
    assert 'data-card="9S"' in north and 'data-card="8H"' in north
    assert north.index('data-card="9S"') < north.index('data-card="8H"')  # the top card last, whole


def test_a_plain_form_post_of_a_pile_target_redirects_back_to_the_table(players, make_bot):
    match = corners_hand(players[0], make_bot())
    response = post(match, players[0], {"card": "KC", "to": "NE"}, htmx=False)
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/"
    assert last_event(match).payload["to"] == "NE"


def test_a_pile_the_card_does_not_fit_is_refused_by_the_rules_and_nothing_is_stored(players, make_bot):
    match = corners_hand(players[0], make_bot())
    before = match.version
    response = post(match, players[0], {"card": "8H", "to": "E"})
    match.refresh_from_db()
    assert response.status_code == 422 and match.version == before
    assert "That move is not allowed" in response.content.decode()


def test_the_every_move_buttons_post_json_the_service_accepts(players, make_bot):
    match = corners_hand(players[0], make_bot())
    action = {"type": "play", "card": "KC", "to": "NW"}
    assert post(match, players[0], {"action": json.dumps(action)}).status_code == 200
    event = last_event(match)
    assert event.type == "play" and event.payload == {"card": "KC", "to": "NW", "seat": 0}
