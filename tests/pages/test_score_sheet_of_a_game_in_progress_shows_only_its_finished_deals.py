"""The score sheet of a match still in play: only the deals that are over, the totals so far,
no zero-sum claim yet, and never a card (the sheet shows scores, which are public)."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.service import creating, playing, states

pytestmark = pytest.mark.django_db


def test_a_live_game_shows_its_finished_deals_and_totals_so_far(players):
    match = creating.do_create_match("king", {}, players, seed=b"in progress" * 3)
    while len(states.match_state(match).deal_scores) < 2:
        state = states.match_state(match)
        playing.submit_action(match.pk, players[state.to_act], state.legal_actions()[0], match.version)
        match.refresh_from_db()
    state = states.match_state(match)
    playing.submit_action(match.pk, players[state.to_act], state.legal_actions()[0], match.version)
    state = states.match_state(match)
    assert not state.is_over and state.phase != "deal_over"
    spectator = Client()
    spectator.force_login(get_user_model().objects.create_user("kibitzer", password="long-enough-pass"))
    response = spectator.get(f"/matches/{match.pk}/sheet/")
    assert response.status_code == 200
    page = response.content.decode()
    body = re.search(r"<tbody>(.*?)</tbody>", page, re.S).group(1)
    assert body.count("<tr") == 2
    assert "Deal 3 of 10 in play" in page and "so far" in page and "✓" not in page
    live_cards = {c for s in range(4) for c in state.hand(s)}
    assert "data-card" not in page and not any(f'"{c}"' in page or f">{c}<" in page for c in live_cards)
