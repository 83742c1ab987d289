"""The "new tournament" page stores a tournament with exactly the settings and game flags given."""

import json

import pytest

from games.engine import option_defaults
from games.offer import offered_rulesets
from games.record import eventlog
from tournaments.models import Tournament

BASE = {
    "name": "Friday King",
    "ruleset": "king",
    "format": "swiss",
    "rounds": "3",
    "table_points": "place",
    "tie_break_1": "game_score",
    "tie_break_2": "opponents_points",
    "fill": "house_bots",
    "bot_turn_timeout": "2",
    "rated": "on",
}


@pytest.fixture
def signed_in(client, organiser):
    client.force_login(organiser)
    return client


def test_the_form_offers_every_setting_and_a_field_per_flag_of_each_game(signed_in):
    page = signed_in.get("/tournaments/new/").content.decode()
    for name in (
        "name",
        "ruleset",
        "format",
        "rounds",
        "table_points",
        "tie_break_1",
        "fill",
        "bot_turn_timeout",
        "rated",
        "autopilot",
        "boards",
    ):
        assert f'id="id_{name}"' in page and f'for="id_{name}"' in page
    for descriptor in offered_rulesets():
        for flag in descriptor.flags:
            assert f'id="id_{descriptor.name}__{flag}"' in page


def test_a_king_tournament_is_stored_with_exactly_the_options_given(signed_in, organiser):
    flags = {
        "king__first_lead": "left_of_dealer",
        "king__quick_game_combined_negatives": "true",
        "king__allow_down": "false",
        "king__auction_max_value": "150",
        "king__forfeit_scores": "1, 4",
        "rifki__short_mode": "true",
    }  # the other game's flags are not used
    r = signed_in.post(
        "/tournaments/new/",
        BASE
        | flags
        | {
            "format": "round_robin",
            "rounds": "2",
            "table_points": "score",
            "tie_break_1": "wins",
            "tie_break_2": "head_to_head",
            "tie_break_3": "game_score",
            "fill": "byes",
            "bot_turn_timeout": "1.5",
            "rated": "",
            "autopilot": "on",
        },
    )
    t = Tournament.objects.get()
    assert r.status_code == 302 and r["Location"] == f"/tournaments/{t.pk}/manage/"
    given = {
        "first_lead": "left_of_dealer",
        "quick_game_combined_negatives": True,
        "allow_down": False,
        "auction_max_value": 150,
        "forfeit_scores": [1, 4],
    }
    assert t.options == option_defaults("king") | given
    assert (
        t.name,
        t.organiser,
        t.ruleset,
        t.format,
        t.rounds,
        t.table_points,
        t.tie_breaks,
        t.fill,
        t.bot_turn_timeout,
        t.rated,
        t.autopilot,
        t.boards,
    ) == (
        "Friday King",
        organiser,
        "king",
        "round_robin",
        2,
        "score",
        ["wins", "head_to_head", "game_score"],
        "byes",
        1.5,
        False,
        True,
        None,
    )
    created = eventlog.stream_events(t.stream)[0]
    assert created.type == "tournament_created" and created.payload["options"] == t.options
    assert created.payload["tie_breaks"] == ["wins", "head_to_head", "game_score"]


def test_a_rifki_tournament_takes_the_rifki_flags(signed_in):
    r = signed_in.post(
        "/tournaments/new/",
        BASE
        | {
            "ruleset": "rifki",
            "rifki__king_slam": "13",
            "rifki__trump_suit_limit_per_game": "2",
            "king__first_lead": "left_of_dealer",
        },
    )
    assert r.status_code == 302
    t = Tournament.objects.get()
    assert t.ruleset == "rifki"
    assert t.options == option_defaults("rifki") | {"king_slam": "13", "trump_suit_limit_per_game": 2}


def test_fixed_boards_are_taken_as_json(signed_in):
    from games.engine import new_game

    state = new_game("king", seed=b"board")
    hands = [state.view(seat)["hand"] for seat in range(4)]
    board = {"dealer": 0, "contract": "no_hearts", "hands": hands}
    r = signed_in.post("/tournaments/new/", BASE | {"rounds": "1", "boards": json.dumps([board])})  # a board a round
    assert r.status_code == 302
    assert Tournament.objects.get().boards == [board]


def test_only_signed_in_people_create_tournaments(client, db):
    r = client.post("/tournaments/new/", BASE)
    assert r.status_code == 302 and r["Location"].startswith("/accounts/login/")
    assert not Tournament.objects.exists()
