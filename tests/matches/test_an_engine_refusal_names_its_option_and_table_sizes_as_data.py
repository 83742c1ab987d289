"""An engine refusal's fields are data a client can use as it is: an unknown or refused option
is named in ``option`` as the engine knows it (its label, in quotes, only in the sentence and in
``option_label``), and a table size the game does not play says which sizes it does (``least``,
``most``), in the sentence too. Nothing is stored."""

import pytest

from games.engine import RULESETS
from games.models import Match
from tests.fixtures.people import body, client_for

pytestmark = pytest.mark.django_db

SHEDDING = next(name for name, game in RULESETS.items() if not game.trick_taking)
TRICKS = next(name for name, game in RULESETS.items() if game.trick_taking)


def new_match(staff, ruleset, options, seats):
    data = {"ruleset": ruleset, "options": options, "seats": seats}
    return client_for(staff).post("/api/v1/matches/", data, format="json")


def test_an_unknown_option_is_named_plainly_in_its_field(staff):
    error = body(new_match(staff, TRICKS, {"no_such_flag": 1}, [None] * 4))["error"]
    assert error["code"] == "unknown_option" and error["option"] == "no_such_flag"
    assert error["option_label"] == "“no_such_flag”" and "“no_such_flag”" in error["message"]
    assert not Match.objects.exists()


def test_a_table_size_the_game_does_not_play_says_which_it_does(staff):
    seats = RULESETS[SHEDDING].seats
    error = body(new_match(staff, SHEDDING, {"players": seats.stop}, [None] * (seats.stop - 1)))["error"]
    assert error["code"] == "invalid_players"
    assert (error["least"], error["most"]) == (seats.start, seats.stop - 1)
    assert f"{seats.start} to {seats.stop - 1} players" in error["message"]
    assert not Match.objects.exists()
