"""Every legal action that is not a card (a contract, a King positive-hand choice, the auction)
is a button with a readable label, and clicking it submits exactly that action."""

import json
import random

from django.utils.html import escape

from games.models import Event
from games.service import creating, states
from tests.engine.helpers import random_hands
from tests.pages.tables import bots_play_until_the_person_acts, browser, buttons, choices


def offered_actions(page):
    return [json.loads(b["value"]) for b in buttons(page) if b.get("name") == "action"]


def test_the_dealer_of_a_king_positive_hand_sees_each_choice_and_can_open_the_auction(players, make_bot):
    board = {"dealer": 0, "contract": "positive", "hands": random_hands(random.Random(3))}
    match = creating.do_create_match("king", {}, [players[0], *[make_bot()] * 3], board=board)
    client = browser(players[0])
    page = client.get(f"/matches/{match.pk}/").content.decode()
    legal = [dict(a) for a in states.match_state(match).legal_actions()]
    assert offered_actions(page) == legal
    for label in (
        "Play Positiva up ♠",
        "Play Positiva up no trump",
        "Play Positiva down",
        "Open the auction",
        "Ultimatum: 8 up, or I play down",
    ):
        assert f'<span class="label">{escape(label)}</span>' in page
    assert "Your turn: choose how to play the positive hand." in page
    opening = {"type": "open_auction"}
    client.post(f"/matches/{match.pk}/act/", {"action": json.dumps(opening), "expected_version": match.version})
    assert Event.objects.get(stream=match.stream, version=match.version + 1).type == "open_auction"
    state = bots_play_until_the_person_acts(match)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'id="auction"' in page and ("Standing bid:" in page or "No bid yet." in page)
    assert offered_actions(page) == [dict(a) for a in state.legal_actions()]  # accept / decline / choose ...
    before = match.version
    response = client.post(
        f"/matches/{match.pk}/act/", {**choices(page)[0], "expected_version": before}, HTTP_HX_REQUEST="true"
    )
    match.refresh_from_db()
    assert response.status_code == 200 and match.version > before


def test_the_rifki_declarer_picks_a_contract_by_its_name(players, make_bot):
    board = {"declarer": 0, "hands": random_hands(random.Random(5))}
    match = creating.do_create_match("rifki", {}, [players[0], *[make_bot()] * 3], board=board)
    client = browser(players[0])
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Your turn: choose the contract." in page
    assert ">Kupa (no hearts)</button>" in page and ">Koz ♥ (trumps)</button>" in page
    trumps = {"type": "contract", "name": "trump", "suit": "H"}
    assert trumps in offered_actions(page)
    client.post(
        f"/matches/{match.pk}/act/",
        {"action": json.dumps(trumps), "expected_version": match.version},
        HTTP_HX_REQUEST="true",
    )
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'id="contract">Koz ♥ (trumps)</span>' in page
