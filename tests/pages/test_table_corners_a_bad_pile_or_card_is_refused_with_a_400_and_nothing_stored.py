"""A pile target's fields are read before anything is asked of the engine: a pile or card that is
none, a joker standing for no card, a card and a pile moved at once, or a pile without what goes
onto it is refused with a 400 that says why, and nothing is stored."""

import pytest

from games.models import Event
from tests.pages.corners_tables import corners_hand
from tests.pages.tables import browser


@pytest.mark.parametrize(
    "posted, said",
    [
        ({"card": "8H", "to": "XX"}, "“XX” is not a pile; the piles are N E S W NE SE SW NW."),
        ({"card": "8H", "to": ""}, "“” is not a pile"),
        ({"card": "", "from": "north", "to": "E"}, "“north” is not a pile"),
        ({"card": "ZZ", "to": "N"}, "“ZZ” is not a card."),
        ({"card": "8H", "as": "1Q", "to": "N"}, "A joker stands for a card, not for “1Q”."),
        ({"card": "", "from": "N", "as": "7H", "to": "E"}, "Only a joker played from the hand stands for a card."),
        ({"card": "8H", "from": "N", "to": "E"}, "Play a card or move a pile, not both at once."),
        ({"card": "", "from": "", "to": "N"}, "Pick a card from your hand or a pile first"),
        ({"to": "N"}, "Pick a card from your hand or a pile first"),
    ],
)
def test_a_bad_pile_field_is_a_400_with_its_reason_and_stores_nothing(players, make_bot, posted, said):
    match = corners_hand(players[0], make_bot())
    before, events = match.version, Event.objects.filter(stream=match.stream).count()
    for htmx in (True, False):
        extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
        response = browser(players[0]).post(
            f"/matches/{match.pk}/act/", {**posted, "expected_version": before}, **extra
        )
        page = response.content.decode()
        assert response.status_code == 400 and 'id="error"' in page
        assert said in page.replace("&quot;", '"'), page[page.index('id="error"') :][:300]
    match.refresh_from_db()
    assert match.version == before and Event.objects.filter(stream=match.stream).count() == events
