"""POST matches/{id}/actions/: the one path by which a seat changes a match."""

from games.models import CommandResult, Event
from games.service import states
from tests.fixtures.matches import act
from tests.fixtures.people import body, client_for


def stored(match):
    return Event.objects.filter(stream=match.stream).count()


def test_the_seat_to_act_plays_a_legal_card_and_its_events_are_appended(king_board_match, clients):
    match = king_board_match
    state = states.match_state(match)
    before = match.version
    r = act(clients[state.to_act], match, state.legal_actions()[0])
    assert r.status_code == 201
    data = body(r)
    assert data["version"] == before + 1 == stored(match)
    assert data["events"][0]["type"] == "play" and data["events"][0]["seat"] == state.to_act
    match.refresh_from_db()
    assert match.version == before + 1


def test_a_user_without_a_seat_is_refused_and_nothing_is_stored(king_board_match, staff):
    match = king_board_match
    before = stored(match)
    r = act(client_for(staff), match, states.match_state(match).legal_actions()[0])
    assert r.status_code == 403 and body(r)["error"]["code"] == "not_your_seat"
    assert stored(match) == before


def test_a_seat_acting_out_of_turn_is_refused_and_nothing_is_stored(king_board_match, clients):
    match = king_board_match
    state = states.match_state(match)
    other = (state.to_act + 1) % 4
    before = stored(match)
    r = act(clients[other], match, {"type": "play", "card": state.hand(other)[0]})
    assert r.status_code == 403 and body(r)["error"] == {
        "code": "not_your_turn",
        "message": body(r)["error"]["message"],
        "to_act": state.to_act,
        "seat": other,
    }
    assert stored(match) == before


def test_a_stale_version_is_a_conflict_that_names_the_current_version(king_board_match, clients):
    match = king_board_match
    state = states.match_state(match)
    r = act(clients[state.to_act], match, state.legal_actions()[0], expected_version=match.version - 1)
    assert r.status_code == 409
    assert body(r)["error"]["code"] == "version_conflict" and body(r)["error"]["current_version"] == match.version
    assert stored(match) == match.version


def test_an_illegal_action_is_refused_with_the_engines_reason_and_the_legal_actions(king_board_match, clients):
    match = king_board_match
    state = states.match_state(match)
    seat = state.to_act
    illegal = [c for c in state.hand(seat) if {"type": "play", "card": c} not in state.legal_actions()]
    bad_actions = [{"type": "play", "card": "ZZ"}, {"type": "bid", "tricks": 5}, {"type": "nonsense"}, {}]
    if illegal:
        bad_actions.append({"type": "play", "card": illegal[0]})
    before = stored(match)
    for action in bad_actions:
        r = act(clients[seat], match, action)
        error = body(r)["error"]
        assert r.status_code in (400, 422), action
        if r.status_code == 422:
            assert error["code"] and error["reason"]
            assert error["legal_actions"] == [dict(a) for a in state.legal_actions()]
    assert stored(match) == before


def test_malformed_requests_are_refused_as_invalid_input(king_board_match, clients):
    match = king_board_match
    for data in (
        {},
        {"action": "play KH", "expected_version": 1},
        {"action": {"type": "pass"}},
        {"action": {"type": "pass"}, "expected_version": -1},
        {"action": {"type": "pass"}, "expected_version": "x"},
    ):
        r = clients[0].post(f"/api/v1/matches/{match.pk}/actions/", data, format="json")
        assert r.status_code == 400 and body(r)["error"]["code"] == "invalid_input", data
    assert stored(match) == match.version


def test_the_same_command_id_retried_returns_the_first_answer_and_appends_nothing(king_board_match, clients):
    match = king_board_match
    state = states.match_state(match)
    client = clients[state.to_act]
    first = act(client, match, state.legal_actions()[0], command_id="click-1")
    version = match.version
    again = act(client, match, state.legal_actions()[0], expected_version=version, command_id="click-1")
    assert first.status_code == 201 and again.status_code == 201
    assert body(again) == body(first)
    assert stored(match) == body(first)["version"]
    assert CommandResult.objects.count() == 1


def test_a_finished_match_refuses_every_action(king_board_match, clients):
    match = king_board_match
    while True:
        state = states.match_state(match)
        if state.is_over:
            break
        assert act(clients[state.to_act], match, state.legal_actions()[0]).status_code == 201
    match.refresh_from_db()
    assert match.status == "over"
    before = stored(match)
    r = act(clients[0], match, {"type": "play", "card": "2C"})
    assert r.status_code == 409 and body(r)["error"]["code"] == "match_over"
    assert stored(match) == before


def test_acting_needs_a_login_and_an_unknown_match_is_not_found(king_board_match, clients):
    from rest_framework.test import APIClient

    r = act(APIClient(), king_board_match, {"type": "pass"})
    assert r.status_code in (401, 403) and body(r)["error"]["code"] == "not_authenticated"
    r = clients[0].post(
        "/api/v1/matches/999999/actions/", {"action": {"type": "pass"}, "expected_version": 0}, format="json"
    )
    assert r.status_code == 404 and body(r)["error"]["code"] == "not_found"
    assert clients[0].get("/api/v1/matches/999999/").status_code == 404


def test_an_id_too_big_for_the_database_is_not_found_rather_than_a_server_error(clients):
    for path in (
        "/api/v1/matches/9223372036854775808/",
        "/api/v1/matches/99999999999999999999/events/",
        "/api/v1/tournaments/9223372036854775808/standings/",
    ):
        assert clients[0].get(path).status_code == 404, path
