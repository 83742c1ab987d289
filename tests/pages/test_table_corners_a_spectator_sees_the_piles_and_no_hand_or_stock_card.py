"""Someone without a seat at a piles table sees the piles, the stock's size and every player's
card count, never a card of a hand or of the stock, and no target to post."""

import re

from games.service import states
from tests.pages.corners_tables import HANDS, corners_board, corners_hand
from tests.pages.tables import browser, buttons


def test_a_spectator_sees_only_the_piles(players, make_bot):
    match = corners_hand(players[0], make_bot())
    page = browser(players[1]).get(f"/matches/{match.pk}/").content.decode()
    shown = set(re.findall(r'data-card="(\w+)"', page)) | set(re.findall(r"cards/(\w+)\.svg", page))
    assert shown == {"9S", "TH", "5C", "QD", "back"}
    hidden = {c for hand in HANDS for c in hand} | set(corners_board()["stock"])
    assert not hidden & shown
    assert not [b for b in buttons(page) if b.get("name") in ("to", "action", "card")]
    assert 'id="hand"' not in page and "Stock: " in page
    assert states.match_state(match).view(None)["hand_sizes"] == [3, 5, 5]
