"""A seated player's table: their 13 cards sorted by suit (spades, hearts, diamonds, clubs; high
to low), each a button named for screen readers, the legal ones enabled and only on their turn."""

import re

from django.utils.html import escape

from games.service import states
from games.templatetags.cards import card_name, card_short
from tests.pages.tables import browser, buttons, king_deal

HAND_CARD = re.compile(r'<button type="submit" name="card" value="(\w\w)"')


def in_suit_order(cards):
    return sorted(cards, key=lambda c: ("SHDC".index(c[1]), -"23456789TJQKA".index(c[0])))


def test_the_player_sees_their_13_cards_sorted_by_suit_and_only_the_legal_ones_enabled(players, make_bot):
    match = king_deal(players[0], make_bot())  # no hearts: a heart may not be led while other suits are held
    state = states.match_state(match)
    hand = state.hand(0)
    page = browser(players[0]).get(f"/matches/{match.pk}/").content.decode()
    assert HAND_CARD.findall(page) == in_suit_order(hand) and len(hand) == 13
    enabled = {b["data-card"] for b in buttons(page) if b.get("name") == "card"}
    legal = {a["card"] for a in state.legal_actions() if a["type"] == "play"}
    assert enabled == legal and enabled != set(hand)  # the hearts stay disabled
    for card in hand:
        assert f'aria-label="{escape(card_name(card))}"' in page and card_short(card) in page
    assert 'id="status"' in page and "Your turn: play a card." in page
    assert 'data-your-turn="true"' in page


def test_while_another_seat_is_to_act_every_card_is_shown_but_none_is_playable(players, make_bot):
    match = king_deal(players[0], make_bot(name="Robota"), dealer=1)  # seat 1 leads
    page = browser(players[0]).get(f"/matches/{match.pk}/").content.decode()
    assert len(HAND_CARD.findall(page)) == 13
    assert [b for b in buttons(page) if b.get("name") in ("card", "action")] == []
    assert "Waiting for Bravo to play a card." in page  # the bot in seat 2, by its seat's short name
    assert 'data-your-turn="false"' in page and 'aria-current="true"' in page
