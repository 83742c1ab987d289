"""docs/architecture.md §3.5 through the API: every response, to every caller, is scanned for hidden cards.

A whole deal is played through the API. Before each action, every endpoint is read by each
seated player, a spectator without an account, a logged-in stranger and staff; no response
may name a card still in another seat's hand. Refusals are scanned too.
"""

import json
import random

from rest_framework.test import APIClient

from games.service import creating, states
from tests.fixtures.matches import act
from tests.fixtures.people import client_for

ENDPOINTS = (
    "/api/v1/matches/{id}/",
    "/api/v1/matches/{id}/events/",
    "/api/v1/matches/{id}/events/?after=1",
    "/api/v1/matches/",
    "/api/v1/matches/{id}/events/?limit=1",
)


def named_cards(text, cards):
    return {c for c in cards if f'"{c}"' in text}


def hidden_from(state, seat):
    return {c for s in range(4) if s != seat for c in state.hand(s)}


def scan(match, viewers, state):
    for seat, client in viewers:
        for path in ENDPOINTS:
            r = client.get(path.format(id=match.pk))
            assert r.status_code == 200, path
            leaked = named_cards(r.content.decode(), hidden_from(state, seat))
            assert not leaked, (seat, path, leaked)


def test_during_a_deal_no_endpoint_shows_any_caller_another_seats_cards(king_board_match, clients, players, staff):
    from django.contrib.auth import get_user_model

    stranger = get_user_model().objects.create_user("stranger", password="long-enough-pass")
    viewers = [(i, c) for i, c in enumerate(clients)] + [
        (None, APIClient()),
        (None, client_for(stranger)),
        (None, client_for(staff)),
    ]
    match = king_board_match
    rng = random.Random(7)
    steps = 0
    while True:
        state = states.match_state(match)
        if state.is_over:
            break
        scan(match, viewers, state)
        seat = state.to_act
        # a refused action must not leak either: try another seat's card
        others = sorted(hidden_from(state, seat))
        if others:
            other_card = rng.choice(others)
            refused = act(clients[seat], match, {"type": "play", "card": other_card})
            assert refused.status_code == 422
            assert not named_cards(refused.content.decode(), hidden_from(state, seat) - {other_card})
        assert act(clients[seat], match, rng.choice(state.legal_actions())).status_code == 201
        steps += 1
    assert steps >= 20


def test_after_the_deal_the_table_and_staff_see_the_dealt_hands(king_board_match, clients, staff):
    match = king_board_match
    dealt = next(e for e in states.match_state(match).events if e["type"] == "deal_started")["hands"]
    while not states.match_state(match).is_over:
        state = states.match_state(match)
        act(clients[state.to_act], match, state.legal_actions()[0])
    for client in clients + [client_for(staff)]:
        events = json.loads(client.get(f"/api/v1/matches/{match.pk}/events/").content)["events"]
        shown = next(e["event"] for e in events if e["event"]["type"] == "deal_started")
        assert shown["hands"] == dealt
    # the match is over, so the public sees them too (its round has ended)
    events = json.loads(APIClient().get(f"/api/v1/matches/{match.pk}/events/").content)["events"]
    assert next(e["event"] for e in events if e["event"]["type"] == "deal_started")["hands"] == dealt


def test_in_a_running_match_a_finished_deal_is_shown_to_the_table_but_not_the_public(players, staff):
    match = creating.do_create_match("king", {"quick_game_combined_negatives": True}, players, created_by=staff)
    clients = [client_for(p) for p in players]
    while sum(e["type"] == "deal_ended" for e in states.match_state(match).events) < 1:
        state = states.match_state(match)
        act(clients[state.to_act], match, state.legal_actions()[0])
    first = next(e for e in states.match_state(match).events if e["type"] == "deal_started")["hands"]

    def first_deal(client):
        events = json.loads(client.get(f"/api/v1/matches/{match.pk}/events/").content)["events"]
        return next(e["event"] for e in events if e["event"]["type"] == "deal_started")["hands"]

    assert first_deal(clients[2]) == first
    assert first_deal(client_for(staff)) == first
    assert first_deal(APIClient()) == [None] * 4
    state = json.loads(APIClient().get(f"/api/v1/matches/{match.pk}/").content)["state"]
    assert "last_deal" not in state and state["hand"] == []
