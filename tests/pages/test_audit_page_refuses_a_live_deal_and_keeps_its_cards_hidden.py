"""Nobody replays a deal still in play (docs/architecture.md §3.5): a spectator, a player and an arbiter are
refused with a 403 and a message, and no hidden card is in the answer."""

import random

import pytest
from django.contrib.auth import get_user_model

from games.service import creating, playing, states
from games.templatetags.cards import card_name
from tests.engine.helpers import random_hands
from tests.pages.test_audit_page_shows_exactly_the_cards_a_seat_saw_then import CARD, browser

pytestmark = pytest.mark.django_db


@pytest.fixture
def live_deal(players, staff):
    board = {"dealer": 0, "contract": "no_hearts", "hands": random_hands(random.Random(7))}
    match = creating.do_create_match("king", {}, players, board, created_by=staff)
    for _ in range(6):
        state = states.match_state(match)
        playing.submit_action(match.pk, players[state.to_act], state.legal_actions()[0], match.version)
        match.refresh_from_db()
    return match


def hidden(match):
    state = states.match_state(match)
    return {c for s in range(4) for c in state.hand(s)}


@pytest.mark.parametrize("query", ["", "?seat=0&version=4", "?seat=1", "?version=7"])
def test_a_spectator_is_refused_a_live_deal_and_sees_none_of_its_cards(live_deal, query):
    spectator = get_user_model().objects.create_user("kibitzer", password="long-enough-pass")
    for user in (spectator, None):
        response = browser(user).get(f"/matches/{live_deal.pk}/audit/{query}")
        assert response.status_code == 403
        page = response.content.decode()
        assert "a deal can be replayed once it is over" in page
        assert not hidden(live_deal) & set(CARD.findall(page))
        assert not any(str(card_name(card)) in page for card in hidden(live_deal))


def test_the_table_and_the_arbiter_wait_for_the_deal_to_end_too(live_deal, players, staff):
    for user, query in ((players[0], "?seat=0&version=5"), (staff, "?seat=all&version=5"), (staff, "")):
        response = browser(user).get(f"/matches/{live_deal.pk}/audit/{query}")
        assert response.status_code == 403 and not CARD.findall(response.content.decode())
