"""Every hand open ("all") is for arbiters: anyone else asking for it gets a 403 that says so,
and the page offers the choice only to those who may make it."""

import pytest
from django.contrib.auth import get_user_model

from tests.pages.test_audit_page_shows_exactly_the_cards_a_seat_saw_then import CARD, browser, finished_deal

pytestmark = pytest.mark.django_db


def test_a_seated_player_and_a_spectator_are_refused_every_hand_with_a_clear_message(players, staff):
    match = finished_deal(players, staff)
    spectator = get_user_model().objects.create_user("kibitzer", password="long-enough-pass")
    for user in (players[2], spectator, None):
        response = browser(user).get(f"/matches/{match.pk}/audit/?seat=all&version=20")
        assert response.status_code == 403
        page = response.content.decode()
        assert "only an arbiter sees every hand" in page and 'role="alert"' in page
        assert not CARD.findall(page)


def test_only_an_arbiter_is_offered_every_hand_and_sees_them(players, staff):
    match = finished_deal(players, staff)
    player_page = browser(players[2]).get(f"/matches/{match.pk}/audit/?seat=2&version=20").content.decode()
    assert 'value="all"' not in player_page
    arbiter = browser(staff).get(f"/matches/{match.pk}/audit/?seat=all&version=20")
    assert arbiter.status_code == 200 and 'value="all" selected' in arbiter.content.decode()
    assert arbiter.content.decode().count('data-hand="') == 4
