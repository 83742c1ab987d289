"""GET /api/v1/bot/turns/?wait=N and POST /api/v1/bot/turns/{request_id}/: the polling protocol."""

from datetime import timedelta

from django.utils import timezone
from rest_framework.test import APIClient

from bots import runner, tasks
from bots.models import Turn
from games.models import Match
from games.record import eventlog
from games.service import creating, states
from tests.fixtures.people import body, client_for


def bot_client(bot):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bot {bot.token}")
    return client


def advance_to_polling_turn(match):
    for _ in range(2000):
        match.refresh_from_db()
        if match.status == Match.Status.OVER or Turn.objects.filter(match=match, status="pending").exists():
            return
        runner.run_turns(match.pk, match.version)
    raise AssertionError("no turn for the polling bot")


def test_a_polling_bot_plays_a_whole_match_by_fetching_and_answering_its_turns(make_bot, settings):
    # This bot asks and answers as fast as the test client goes, without waiting between turns:
    # the protocol is what is tested here; the rate limits have their own tests (tests/accounts).
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "actions": "", "polls": ""}
    poller = make_bot(kind="polling", name="poller")
    match = creating.do_create_match(
        "king",
        {"quick_game_combined_negatives": True},
        [make_bot(name=f"r{i}") for i in range(2)] + [poller, make_bot(name="r9")],
    )
    client = bot_client(poller)
    answered = 0
    while True:
        advance_to_polling_turn(match)
        match.refresh_from_db()
        if match.status == Match.Status.OVER:
            break
        turns = body(client.get("/api/v1/bot/turns/?wait=0"))["turns"]
        assert len(turns) == 1 and turns[0]["seat"] == 2 and turns[0]["version"] == match.version
        state = states.match_state(match)
        assert turns[0]["view"]["hand"] == state.hand(2) and turns[0]["legal_actions"] == state.legal_actions()
        r = client.post(
            f"/api/v1/bot/turns/{turns[0]['request_id']}/", {"action": turns[0]["legal_actions"][-1]}, format="json"
        )
        assert r.status_code == 201 and body(r)["status"] == "done"
        answered += 1
    assert answered >= 13 and "action_fallback" not in [r.type for r in eventlog.stream_events(match.stream)]


def test_an_illegal_answer_gets_the_fallback_and_a_422(make_bot):
    poller = make_bot(kind="polling", name="poller")
    match = creating.do_create_match("king", {}, [poller] + [make_bot(name=f"r{i}") for i in range(3)])
    advance_to_polling_turn(match)
    turn = Turn.objects.get(status="pending")
    r = bot_client(poller).post(
        f"/api/v1/bot/turns/{turn.request_id}/", {"action": {"type": "play", "card": "ZZ"}}, format="json"
    )
    assert r.status_code == 422 and body(r)["error"]["code"] == "illegal_action"
    rows = eventlog.stream_events(match.stream)
    assert [r.payload["reason"] for r in rows if r.type == "action_fallback"] == ["illegal_action"]
    again = bot_client(poller).post(
        f"/api/v1/bot/turns/{turn.request_id}/", {"action": {"type": "pass"}}, format="json"
    )
    assert again.status_code == 409 and body(again)["error"]["code"] == "turn_settled"


def test_a_turn_past_its_deadline_is_a_timeout_fault_found_by_the_sweep(make_bot):
    poller = make_bot(kind="polling", name="poller")
    match = creating.do_create_match("king", {}, [poller] + [make_bot(name=f"r{i}") for i in range(3)])
    advance_to_polling_turn(match)
    turn = Turn.objects.get(status="pending")
    Turn.objects.filter(pk=turn.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    tasks.sweep_stalled_turns()
    turn.refresh_from_db()
    assert turn.status == "faulted" and turn.fault == "timeout"
    rows = eventlog.stream_events(match.stream)
    assert [r.payload["reason"] for r in rows if r.type == "action_fallback"] == ["timeout"]
    late = bot_client(poller).post(f"/api/v1/bot/turns/{turn.request_id}/", {"action": {"type": "pass"}}, format="json")
    assert late.status_code == 409


def test_another_bots_turn_cannot_be_answered_and_turns_need_a_bot_token(make_bot, django_user_model):
    poller, other = make_bot(kind="polling", name="poller"), make_bot(kind="polling", name="other")
    match = creating.do_create_match("king", {}, [poller] + [make_bot(name=f"r{i}") for i in range(3)])
    advance_to_polling_turn(match)
    turn = Turn.objects.get(status="pending")
    assert body(bot_client(other).get("/api/v1/bot/turns/"))["turns"] == []
    r = bot_client(other).post(f"/api/v1/bot/turns/{turn.request_id}/", {"action": {"type": "pass"}}, format="json")
    assert r.status_code == 404
    assert APIClient().get("/api/v1/bot/turns/").status_code in (401, 403)
    r = bot_client(poller).get("/api/v1/bot/turns/?wait=99")
    assert r.status_code == 400 and body(r)["error"]["code"] == "invalid_input"


def test_a_persons_token_on_the_bots_paths_is_told_which_kind_they_take(players):
    person = client_for(players[0])
    for response in (person.get("/api/v1/bot/turns/"), person.get("/api/v1/bot/stream/")):
        error = body(response)["error"]
        assert response.status_code == 401 and error["code"] == "wrong_token_kind"
        assert "Authorization: Bot" in error["message"]
