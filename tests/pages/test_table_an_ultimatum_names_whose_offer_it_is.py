"""In the King's positive hand the dealer (the Beneficiary) may say "8 up, or I play it down"
instead of opening the auction. Each seat asked sees whose ultimatum it answers and what passing
means; the others see who is being asked. Every phase in which a seat acts has its own words,
never the engine's phase name."""

import json
import random

import pytest

from games.engine.king import KingState
from games.engine.rifki import RifkiState
from games.pages.table import PHASES
from games.service import creating, playing
from tests.engine.helpers import random_hands
from tests.pages.tables import browser, buttons

OFFER = "player0's ultimatum: 8 up, or player0 plays the hand down"


def after_the_ultimatum(players, bot):
    board = {"dealer": 0, "contract": "positive", "hands": random_hands(random.Random(8))}
    match = creating.do_create_match("king", {}, [players[0], players[1], bot, bot], board=board)
    playing.submit_action(match.pk, players[0], {"type": "ultimatum"}, match.version)
    match.refresh_from_db()
    return match


@pytest.mark.django_db
def test_the_seat_asked_is_told_whose_ultimatum_it_answers(players, make_bot):
    match = after_the_ultimatum(players, make_bot())
    page = browser(players[1]).get(f"/matches/{match.pk}/").content.decode()

    assert f"Your turn: answer {OFFER}." in page.replace("&#x27;", "'")
    assert [json.loads(b["value"])["type"] for b in buttons(page) if b.get("name") == "action"] == ["take", "pass"]
    assert '<span class="label">Take it: 8 up</span>' in page and '<span class="label">Pass</span>' in page
    assert "If nobody takes it, player0 plays the hand down." in page


@pytest.mark.django_db
def test_the_dealer_and_the_others_see_who_is_being_asked(players, make_bot):
    match = after_the_ultimatum(players, make_bot())
    for person in (players[0], players[2]):
        page = browser(person).get(f"/matches/{match.pk}/").content.decode().replace("&#x27;", "'")
        assert f"Waiting for player1 to answer {OFFER}." in page
        assert "ultimatum</" not in page and "final_offer" not in page


@pytest.mark.parametrize("state", [KingState, RifkiState])
def test_every_phase_in_which_a_seat_acts_has_its_words(state):
    assert set(state.PHASE_ACTIONS) <= set(PHASES)
