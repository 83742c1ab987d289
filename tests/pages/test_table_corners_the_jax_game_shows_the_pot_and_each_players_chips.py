"""The Jax chip game's table shows the pot by the stock, and by each player their stack of chips
and what they paid into this hand's pot (the view's ``pot``, ``chips``, ``paid``)."""

import re

from games.service import creating, states
from tests.pages.corners_tables import corners_board
from tests.pages.tables import browser


def test_the_pot_and_every_seats_chips_and_payment_are_on_the_table(players, make_bot):
    bot = make_bot()
    match = creating.do_create_match(
        "corners_jax", {"players": 3}, [players[0], bot, bot], board=corners_board(), created_by=players[0]
    )
    table = states.match_state(match).view(None)["table"]
    page = browser(players[0]).get(f"/matches/{match.pk}/").content.decode()
    assert f'<span id="pot" class="pot">Pot: {table["pot"]}</span>' in page
    for seat in range(3):
        li = re.search(rf'<li class="seat [^"]*" data-seat="{seat}".*?</li>', page, re.S).group(0)
        assert f'<div class="chips"><dt>Chips</dt><dd>{table["chips"][seat]}</dd></div>' in li
        assert f'<div class="paid"><dt>Paid</dt><dd>{table["paid"][seat]}</dd></div>' in li


def test_the_penalty_game_shows_no_chips(players, make_bot):
    bot = make_bot()
    match = creating.do_create_match("corners", {"players": 3}, [players[0], bot, bot], board=corners_board())
    page = browser(players[0]).get(f"/matches/{match.pk}/").content.decode()
    assert 'id="pot"' not in page and "<dt>Chips</dt>" not in page
