import json

from games.service import states


def test_a_session_login_sees_its_own_hand_and_can_act(king_board_match, players, client):
    match = king_board_match
    state = states.match_state(match)
    seat = state.to_act
    client.force_login(players[seat])
    view = json.loads(client.get(f"/api/v1/matches/{match.pk}/").content)["state"]
    assert view["seat"] == seat and view["hand"] == state.hand(seat)
    r = client.post(
        f"/api/v1/matches/{match.pk}/actions/",
        {"action": dict(state.legal_actions()[0]), "expected_version": match.version},
        content_type="application/json",
    )
    assert r.status_code == 201


def test_a_session_post_without_the_csrf_token_is_refused(king_board_match, players):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(players[0])
    r = client.post(
        f"/api/v1/matches/{king_board_match.pk}/actions/",
        {"action": {"type": "pass"}, "expected_version": king_board_match.version},
        content_type="application/json",
    )
    assert r.status_code == 403 and json.loads(r.content)["error"]["code"] == "permission_denied"
    assert king_board_match.version == len(states.match_state(king_board_match).events)
