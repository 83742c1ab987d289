"""GET matches/{id}/replay/?seat=&version=: "what did she know when she played that card"."""

import pytest
from django.contrib.auth import get_user_model

from games.record import eventlog
from games.service import states
from tests.fixtures.matches import act
from tests.fixtures.people import body, client_for

pytestmark = pytest.mark.django_db


def play_to(match, clients, plays):
    """Play ``plays`` decisions of the deal, each seat taking its first legal action."""
    for _ in range(plays):
        state = states.match_state(match)
        if state.is_over:
            return
        seat = state.to_act
        assert act(clients[seat], match, state.legal_actions()[0]).status_code == 201


def replay(user, match, seat, version):
    return client_for(user).get(f"/api/v1/matches/{match.pk}/replay/?seat={seat}&version={version}")


def dealt_hands(data):
    return next(e["event"]["board"]["hands"] for e in data["events"] if e["event"]["type"] == "game_started")


def test_no_one_not_even_an_arbiter_sees_a_live_deals_hidden_cards(king_board_match, clients, staff, players):
    play_to(king_board_match, clients, 6)
    king_board_match.refresh_from_db()
    for user, seat in ((staff, "all"), (staff, 1), (players[0], 0), (king_board_match.created_by, "all")):
        r = replay(user, king_board_match, seat, 3)
        assert r.status_code == 403 and body(r)["error"]["code"] in ("deal_not_over", "arbiter_only")


def test_an_arbiter_sees_a_finished_deal_from_any_seat_or_with_every_hand_open(king_board_match, clients, staff):
    play_to(king_board_match, clients, 60)
    king_board_match.refresh_from_db()
    whole = body(replay(staff, king_board_match, "all", 20))  # mid-deal, as it stood then
    assert all(h is not None for h in dealt_hands(whole)) and all(len(h) for h in whole["view"]["hands"])
    seat_two = body(replay(staff, king_board_match, 2, 4))
    assert [h is not None for h in dealt_hands(seat_two)] == [False, False, True, False]
    assert len(seat_two["events"]) == 4 and seat_two["events"][-1]["version"] == 4


def test_a_seated_player_waits_until_the_deal_is_over(king_board_match, clients, players):
    play_to(king_board_match, clients, 10)
    refused = replay(players[0], king_board_match, 1, 3)
    assert refused.status_code == 403 and body(refused)["error"]["code"] == "deal_not_over"
    play_to(king_board_match, clients, 60)
    king_board_match.refresh_from_db()
    assert king_board_match.status == "over"
    then = body(replay(players[0], king_board_match, 1, 3))
    # at version 3 the deal was not over: seat 1 saw its own hand only
    assert [h is not None for h in dealt_hands(then)] == [False, True, False, False]
    state_then = states.match_state(king_board_match, eventlog.stream_events(king_board_match.stream)[:3])
    assert then["view"]["hand"] == state_then.hand(1)


def test_a_spectator_replays_only_once_the_match_is_public(king_board_match, clients):
    outsider = get_user_model().objects.create_user("kibitzer", password="long-enough-pass")
    play_to(king_board_match, clients, 10)
    assert replay(outsider, king_board_match, 0, 5).status_code == 403
    play_to(king_board_match, clients, 60)
    assert replay(outsider, king_board_match, 0, 5).status_code == 200
    assert replay(outsider, king_board_match, "all", 5).status_code == 403  # every hand: arbiters only


@pytest.mark.parametrize(
    "query",
    ["seat=4&version=3", "seat=x&version=3", "seat=1&version=0", "seat=1", "version=3", "seat=1&version=100000"],
)
def test_bad_seats_and_versions_are_refused_with_a_clear_error(king_board_match, staff, query):
    r = client_for(staff).get(f"/api/v1/matches/{king_board_match.pk}/replay/?{query}")
    assert r.status_code == 400 and body(r)["error"]["code"] in ("invalid_input", "invalid_seat", "invalid_version")
