"""A King positive hand has one name, printed by one function (cards.hand_name): the table's
contract while it is played, the button that settles it, and the score sheet's row afterwards
all read "Positiva up ♥, bid 5 up by player1", the bidder by the name the table gives them."""

import html
import re

from games.service import states
from games.templatetags.cards import hand_name
from tests.pages.decisions import act, king_auction
from tests.pages.tables import browser, table_rows

NAME = "Positiva up ♥, bid 5 up by player1"


def contract_on_the_table(page):
    return html.unescape(re.search(r'<span class="contract" id="contract">(.*?)</span>', page, re.S).group(1))


def test_the_table_and_the_score_sheet_name_the_positive_hand_alike(players):
    match = king_auction(players, calls=[("pass",), ("bid", 5, "up"), ("pass",)])
    act(match, players[3], {"type": "accept"})
    page = browser(players[1]).get(f"/matches/{match.pk}/").content.decode()
    assert '<span class="label">Play Positiva up ♥</span>' in page  # the winner names trumps
    act(match, players[1], {"type": "choose", "mode": "up", "trump": "H"})

    during = contract_on_the_table(browser(players[0]).get(f"/matches/{match.pk}/").content.decode())
    view = states.match_state(match).view(0)
    assert during == NAME == hand_name("king", view["table"]["contract"], [p.username for p in players])

    while not states.match_state(match).is_over:
        state = states.match_state(match)
        act(match, players[state.to_act], state.legal_actions()[0])
    sheet = browser(players[0]).get(f"/matches/{match.pk}/sheet/").content.decode()
    [row] = table_rows(sheet, "tbody")
    assert row[2] == NAME
