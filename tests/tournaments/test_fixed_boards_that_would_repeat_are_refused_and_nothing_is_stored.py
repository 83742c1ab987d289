"""Round r of a tournament with fixed boards plays boards[(r - 1) % len(boards)]: with more
rounds than boards a board comes back after closing its round made its matches public, so the
later round would play cards anyone can know. Such settings are refused at creation (400
boards_repeat) through the service, the API and the form, and nothing is stored; a board for
every round is accepted."""

import json

import pytest
from django.test import Client

from games.engine import new_game
from games.errors import ServiceError
from games.models import Event
from tests.fixtures.people import body, client_for
from tournaments.models import Tournament
from tournaments.service import creation

FORM = {
    "name": "Boards",
    "ruleset": "king",
    "format": "swiss",
    "table_points": "place",
    "tie_break_1": "game_score",
    "fill": "house_bots",
    "bot_turn_timeout": "2",
    "rated": "on",
}


def board(seed):
    state = new_game("king", seed=seed)
    return {"dealer": 0, "contract": "no_hearts", "hands": [state.view(seat)["hand"] for seat in range(4)]}


def assert_nothing_stored():
    assert not Tournament.objects.exists() and not Event.objects.exists()


def test_two_rounds_on_one_board_are_refused_by_the_service(organiser):
    with pytest.raises(ServiceError) as refusal:
        creation.do_create_tournament(organiser, "Boards", "king", {}, "swiss", 2, boards=[board(b"one")])
    assert refusal.value.status == 400 and refusal.value.code == "boards_repeat"
    assert "2 rounds need at least 2 fixed boards" in refusal.value.message
    assert_nothing_stored()


@pytest.mark.parametrize("format", ["swiss", "round_robin", "duplicate"])
def test_the_api_refuses_more_rounds_than_boards_in_every_format(organiser, format):
    r = client_for(organiser).post(
        "/api/v1/tournaments/",
        {"name": "Boards", "ruleset": "king", "format": format, "rounds": 3, "boards": [board(b"one"), board(b"two")]},
        format="json",
    )
    assert r.status_code == 400 and body(r)["error"]["code"] == "boards_repeat"
    assert_nothing_stored()


def test_the_form_refuses_it_next_to_the_boards(organiser):
    browser = Client()
    browser.force_login(organiser)
    r = browser.post("/tournaments/new/", FORM | {"rounds": "2", "boards": json.dumps([board(b"one")])})
    assert r.status_code == 400 and "2 rounds need at least 2 fixed boards" in r.content.decode()
    assert_nothing_stored()


def test_a_board_for_every_round_is_accepted(organiser):
    t = creation.do_create_tournament(organiser, "Boards", "king", {}, "swiss", 2, boards=[board(b"1"), board(b"2")])
    assert len(t.boards) == t.rounds == 2
