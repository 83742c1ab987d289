"""A bad setting or game flag on the "new tournament" page is refused with the service's (or
the engine's) message, and neither a tournament nor an event is stored."""

import pytest

from games.models import Event
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


@pytest.mark.parametrize(
    "change, status, message",
    [
        ({"rounds": "0"}, 400, "rounds must be an integer from 1 to 50"),
        ({"rounds": "51"}, 400, "rounds must be an integer from 1 to 50"),
        ({"name": "   "}, 400, "This field is required."),
        ({"format": "duplicate", "fill": "byes"}, 400, "a duplicate event needs full tables: fill with house bots"),
        ({"tie_break_2": "game_score"}, 400, "tie_breaks is a list of distinct names"),
        ({"bot_turn_timeout": "0"}, 400, "bot_turn_timeout is 0.1 to 10 seconds"),
        ({"king__first_lead": "sideways"}, 400, "the option “First lead” cannot take that value"),
        ({"king__allow_down": "maybe"}, 400, "the option “Playing down” cannot take that value"),
        ({"king__auction_max_value": "110"}, 400, "the option “Highest bid” cannot take that value"),
        ({"king__forfeit_scores": "4, 4"}, 400, "the option “Forfeit scores” cannot take that value"),
        ({"boards": "[{"}, 400, "The boards are not valid JSON"),
        ({"boards": '[{"dealer": 0}]'}, 400, "the board is not a valid deal for this game"),
        ({"format": "knockout"}, 400, "Select a valid choice"),
    ],
)
def test_a_bad_setting_is_refused_with_its_message(client, organiser, change, status, message):
    client.force_login(organiser)
    r = client.post("/tournaments/new/", BASE | change)
    page = r.content.decode()
    assert r.status_code == status
    assert message in page, page
    assert 'role="alert"' in page and "The tournament was not created" in page
    assert 'value="Friday King"' in page or change.get("name")  # what was typed is kept
    assert not Tournament.objects.exists() and not Event.objects.exists()
