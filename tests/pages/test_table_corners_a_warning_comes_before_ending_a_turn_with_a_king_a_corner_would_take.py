"""Rules.md 3.5: with compulsory kings, ending a turn while holding a king that an empty corner
would take costs a penalty. The page says so beside the end-turn button (whose second click the
script asks for), from the view's ``king_warning``; without the rule, or once the king is
cornered, no warning."""

from tests.pages.corners_tables import corners_hand
from tests.pages.tables import browser

WARNING = "You hold a king and a corner is empty: ending the turn without putting the king there costs a penalty."


def page_of(match, user):
    return browser(user).get(f"/matches/{match.pk}/").content.decode()


def test_holding_a_king_with_a_corner_empty_warns_and_the_end_turn_button_asks_again(players, make_bot):
    match = corners_hand(players[0], make_bot(), {"compulsory_kings": True})
    page = page_of(match, players[0])
    assert WARNING in page and 'data-warn="End the turn anyway"' in page


def test_once_the_king_is_in_a_corner_the_warning_is_gone(players, make_bot):
    match = corners_hand(players[0], make_bot(), {"compulsory_kings": True})
    client = browser(players[0])
    client.post(f"/matches/{match.pk}/act/", {"card": "KC", "to": "NE", "expected_version": match.version})
    page = page_of(match, players[0])
    assert WARNING not in page and "data-warn" not in page and 'id="turn"' in page


def test_without_compulsory_kings_no_warning_is_given(players, make_bot):
    match = corners_hand(players[0], make_bot())
    page = page_of(match, players[0])
    assert WARNING not in page and "data-warn" not in page
