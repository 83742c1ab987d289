"""docs/architecture.md §3.5 for Kings in the Corner, through the API (issue 20): a whole hand at a table of
three is played through ``POST matches/{id}/actions/``, and before every action each seated
player, a spectator without an account and staff read every endpoint. No response may name a
card in another seat's hand, including a card that seat drew from the stock, nor a card still
in the stock (the piles on the table are open to everyone). After the hand the seats and staff
see the dealt hands, as for the trick games."""

import random

from rest_framework.test import APIClient

from games.engine import RULESETS
from games.service import creating, states
from tests.fixtures.matches import act
from tests.fixtures.people import client_for

PUBLIC = (
    "/api/v1/matches/{id}/",
    "/api/v1/matches/{id}/events/",
    "/api/v1/matches/{id}/events/?after=3",
    "/api/v1/matches/",
)
SIGNED_IN = (*PUBLIC, "/api/v1/me/matches/")
SEATS = 3


def named_cards(text, cards):
    return {c for c in cards if f'"{c}"' in text}


def hidden_from(state, seat):
    """What ``seat`` (None: a spectator) may not see now: the others' hands and the stock."""
    return {c for s in range(SEATS) if s != seat for c in state.hand(s)} | set(state.stock)


def scan(match, viewers, state):
    for seat, client, paths in viewers:
        for path in paths:
            r = client.get(path.format(id=match.pk))
            assert r.status_code == 200, path
            leaked = named_cards(r.content.decode(), hidden_from(state, seat))
            assert not leaked, (seat, path, leaked)


def shed_or_end(rng, legal):
    """A player who mostly sheds: a card played or a pile moved when one can, else the turn ended."""
    moves = [a for a in legal if a["type"] in ("play", "move")]
    return rng.choice(moves) if moves and rng.random() < 0.85 else RULESETS["corners"].fallback(legal)


def test_no_endpoint_shows_any_caller_a_hidden_hand_or_stock_card_while_the_hand_is_played(players, staff, settings):
    # Thousands of reads a minute by each caller: the rate limits are not what is tested here.
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "polls": "", "actions": ""}
    seated = players[:SEATS]
    clients = [client_for(p) for p in seated]
    options = {**RULESETS["corners"].short_game, "players": SEATS}
    match = creating.do_create_match("corners", options, seated, seed=b"hidden-corners" * 2, created_by=staff)
    viewers = [(seat, client, SIGNED_IN) for seat, client in enumerate(clients)]
    viewers += [(None, APIClient(), PUBLIC), (None, client_for(staff), SIGNED_IN)]
    rng, steps, drawn = random.Random(11), 0, 0
    while True:
        state = states.match_state(match)
        if state.is_over:
            break
        scan(match, viewers, state)
        seat = state.to_act
        before = len(state.stock)
        assert act(clients[seat], match, shed_or_end(rng, state.legal_actions())).status_code == 201
        drawn += before - len(states.match_state(match).stock)
        steps += 1
        assert steps < 500, "the hand did not end"
    assert steps >= 20 and drawn >= 1  # the scan saw cards drawn from the stock
    dealt = {c for s in range(SEATS) for c in state.hand(s)}
    for client in [*clients, client_for(staff)]:
        assert named_cards(client.get(f"/api/v1/matches/{match.pk}/events/").content.decode(), dealt)
