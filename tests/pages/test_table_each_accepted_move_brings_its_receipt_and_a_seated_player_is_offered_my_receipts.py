"""The table page's POST answers an accepted move with its receipt (games/record/receipts.py) in the
``X-Receipt`` header, which the page's script keeps in the browser (static/js/receipts.js); a
refused move brings none. The page offers "My receipts" to a player seated at it, never to a
spectator; the audit page publishes the key that checks them."""

import json

import pytest

from games.models import Match
from games.record import receipts
from games.service import creating, states
from tests.pages.tables import browser, choices

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(players):
    """A King match of four people, seat 0's to act."""
    match = creating.do_create_match("king", {}, players, seed=b"receipts at the table" * 2)
    seat = states.match_state(match).to_act
    return match, players[seat], players[(seat + 1) % match.num_seats]


def post(client, match, data, htmx=True):
    match.refresh_from_db()
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(f"/matches/{match.pk}/act/", {"expected_version": match.version, **data}, **headers)


def test_an_accepted_move_answers_with_its_receipt_in_a_header(table):
    match, player, _ = table
    client = browser(player)
    [first, *_] = choices(client.get(f"/matches/{match.pk}/").content.decode())
    response = post(client, match, first)
    assert response.status_code == 200 and "X-Table-Refusal" not in response
    receipt = json.loads(response["X-Receipt"])
    match.refresh_from_db()
    assert (receipt["stream"], receipt["version"], receipt["hash"]) == (match.stream, match.version, match.head_hash)
    assert receipts.checked([receipt], match.stream) == [(1, receipt)]


def test_a_refused_move_brings_no_receipt_and_stores_nothing(table):
    match, player, other = table
    before = Match.objects.get(pk=match.pk).version
    [first, *_] = choices(browser(player).get(f"/matches/{match.pk}/").content.decode())
    for client, data in ((browser(other), first), (browser(player), {"action": "not json"})):
        response = post(client, match, data)
        assert response["X-Table-Refusal"] == "1" and "X-Receipt" not in response
    assert Match.objects.get(pk=match.pk).version == before


def test_a_seated_player_is_offered_my_receipts_and_a_spectator_is_not(table, django_user_model):
    match, player, _ = table
    page = browser(player).get(f"/matches/{match.pk}/").content.decode()
    assert 'id="receipts"' in page and f'data-stream="{match.stream}"' in page
    assert f'data-file="match-{match.pk}-receipts.json"' in page and "js/receipts.js" in page
    assert f'href="/matches/{match.pk}/audit/#receipt-key"' in page
    spectator = django_user_model.objects.create_user("spectator", password="long-enough-pass")
    for viewer in (browser(spectator), browser()):
        assert 'id="receipts"' not in viewer.get(f"/matches/{match.pk}/").content.decode()


def test_the_audit_page_publishes_the_receipt_key(table):
    match, player, _ = table
    page = browser(player).get(f"/matches/{match.pk}/audit/").content.decode()
    assert f'<code id="receipt-public-key">{receipts.public_key_hex()}</code>' in page
    assert 'href="/api/v1/receipts/key/"' in page and "--receipts FILE --receipt-key" in page
