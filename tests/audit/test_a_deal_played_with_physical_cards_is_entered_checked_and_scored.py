"""POST matches/paper/: a club's paper record of a deal, replayed by the rules before anything
is stored; once stored it verifies and scores like a deal played here."""

import random

import pytest

from games import engine
from games.models import Event, Match
from tests.engine.helpers import random_hands
from tests.fixtures.people import body, client_for

pytestmark = pytest.mark.django_db

BOARD = {"dealer": 1, "contract": "no_hearts", "hands": random_hands(random.Random(7))}


def written_record(board=BOARD, choose=lambda legal: legal[-1]):
    """The decisions of one deal as a scorer writes them down, and the engine's final state."""
    state = engine.new_game("king", board=board)
    actions = []
    while not state.is_over:
        seat = state.to_act
        action = choose(state.legal_actions())
        actions.append({"seat": seat, **action})
        state.apply(action)
    return actions, state


def enter(user, actions, board=BOARD, ruleset="king"):
    return client_for(user).post(
        "/api/v1/matches/paper/", {"ruleset": ruleset, "board": board, "actions": actions}, format="json"
    )


def nothing_stored():
    return not Match.objects.exists() and not Event.objects.exists()


def test_a_written_deal_is_stored_scored_and_verifies(players):
    actions, final = written_record()
    r = enter(players[0], actions)
    assert r.status_code == 201, body(r)
    data = body(r)
    assert data["status"] == "over" and data["scores"] == list(final.scores)
    report = body(client_for(players[0]).get(f"/api/v1/matches/{data['id']}/verify/"))
    assert report["ok"], report
    # the person who entered it is the deal's arbiter: every hand open at any version
    assert client_for(players[0]).get(f"/api/v1/matches/{data['id']}/replay/?seat=all&version=5").status_code == 200


def test_a_revoke_on_paper_is_refused_at_its_entry_and_nothing_is_stored(players):
    actions, _ = written_record()
    state = engine.new_game("king", board=BOARD)
    for index, entry in enumerate(actions):
        seat = entry["seat"]
        hand = state.hand(seat)
        led = state.trick_cards[0][-1] if getattr(state, "trick_cards", None) else None
        if entry["type"] == "play" and led:
            off_suit = [c for c in hand if c[-1] != led]
            if off_suit and any(c[-1] == led for c in hand):
                revoke = {"seat": seat, "type": "play", "card": off_suit[0]}
                r = enter(players[0], actions[:index] + [revoke] + actions[index + 1 :])
                assert r.status_code == 422, body(r)
                error = body(r)["error"]
                assert error["index"] == index and f"entry {index}" in error["message"]
                assert nothing_stored()
                return
        state.apply({k: v for k, v in entry.items() if k != "seat"})
    pytest.fail("the record never gave a chance to revoke")


def test_an_entry_out_of_turn_or_a_record_that_stops_early_is_refused(players):
    actions, _ = written_record()
    swapped = [{**actions[0], "seat": (actions[0]["seat"] + 1) % 4}] + actions[1:]
    r = enter(players[0], swapped)
    assert r.status_code == 422 and body(r)["error"]["code"] == "out_of_turn"
    r = enter(players[0], actions[:-3])
    assert r.status_code == 422 and body(r)["error"]["code"] == "deal_not_finished"
    assert nothing_stored()


@pytest.mark.parametrize(
    "board, actions",
    [
        (
            {"dealer": 1, "contract": "no_hearts", "hands": [[], [], [], []]},
            [{"seat": 0, "type": "play", "card": "2C"}],
        ),
        (BOARD, [{"type": "play", "card": "2C"}]),
        (BOARD, []),
    ],
)
def test_a_malformed_board_or_entry_is_refused_with_a_clear_error(players, board, actions):
    r = enter(players[0], actions, board)
    assert r.status_code == 400 and body(r)["error"]["code"] and body(r)["error"]["message"]
    assert nothing_stored()


def test_entering_a_deal_needs_an_account(db):
    actions, _ = written_record()
    assert client_for().post(
        "/api/v1/matches/paper/", {"ruleset": "king", "board": BOARD, "actions": actions}, format="json"
    ).status_code in (401, 403)
    assert nothing_stored()
