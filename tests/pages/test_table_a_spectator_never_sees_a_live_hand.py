"""Spectators (anonymous or signed in but not seated) see the same table without a single
hidden card, and no way to act; a seated player sees no other seat's hand either."""

from django.utils.html import escape

from games.service import states
from games.templatetags.cards import card_name, card_short
from tests.pages.tables import bots_play_until_the_person_acts, browser, choices, king_deal


def hidden_cards_shown(page, state, seats):
    """Every card still held by ``seats`` that the page names in any way."""
    return [
        c
        for s in seats
        for c in state.hand(s)
        if f'data-card="{c}"' in page or escape(card_name(c)) in page or card_short(c) in page
    ]


def play_one_trick(match, person):
    state = bots_play_until_the_person_acts(match)
    client = browser(person)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    client.post(f"/matches/{match.pk}/act/", {**choices(page)[0], "expected_version": match.version})
    match.refresh_from_db()
    return state


def test_a_spectator_never_sees_a_live_hand(players, make_bot):
    match = king_deal(players[0], make_bot(), dealer=2)
    play_one_trick(match, players[0])
    bots_play_until_the_person_acts(match)
    state = states.match_state(match)
    assert state.trick_cards or state.tricks  # cards have been played: the page shows them
    for viewer in (None, players[1]):
        client = browser(viewer)
        for url in (f"/matches/{match.pk}/", f"/matches/{match.pk}/live/"):
            page = client.get(url).content.decode()
            assert hidden_cards_shown(page, state, range(4)) == []
            assert 'id="act"' not in page and choices(page) == []
            assert 'id="hand"' not in page
            assert 'id="seats"' in page and 'id="scores"' in page and 'id="status"' in page


def test_a_seated_player_sees_only_their_own_hand(players, make_bot):
    match = king_deal(players[0], make_bot(), dealer=3)
    bots_play_until_the_person_acts(match)
    state = states.match_state(match)
    page = browser(players[0]).get(f"/matches/{match.pk}/").content.decode()
    assert hidden_cards_shown(page, state, (1, 2, 3)) == []
    assert len(hidden_cards_shown(page, state, (0,))) == 13
