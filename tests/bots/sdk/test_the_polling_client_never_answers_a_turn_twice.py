"""The polling client remembers the turns it answered: a turn a poll hands out again (a poll
before the answer's commit, say) is not answered twice; a 409 ``turn_expired`` or
``turn_settled`` ends that turn for good, and a 429 is waited out as long as it asks, then the
same answer is sent again. The pauses are recorded, not taken."""

from bots.sdk.kingrifki_bot import AnsweredTurns, poll_once
from tests.bots.sdk.conftest import a_turn, json_response


def choose_first(turn):
    return turn["legal_actions"][0]


def answers_to(platform):
    return [r.path for r in platform.requests if r.method == "POST"]


def test_a_turn_handed_out_again_is_answered_once(fake_platform, recorded_pauses):
    platform = fake_platform(
        lambda request: (
            json_response(200, {"turns": [a_turn("r1")]})
            if request.method == "GET"
            else json_response(201, {"status": "done", "version": 2})
        )
    )
    answered = AnsweredTurns()
    taken = [poll_once(choose_first, platform.url, "krb_t", stop=recorded_pauses, answered=answered) for _ in range(3)]
    assert taken == [1, 0, 0] and answers_to(platform) == ["/api/v1/bot/turns/r1/"]


def test_a_turn_the_platform_calls_expired_or_settled_is_not_answered_again(fake_platform, recorded_pauses):
    codes = iter(["turn_expired", "turn_settled"])

    def respond(request):
        if request.method == "GET":
            return json_response(200, {"turns": [a_turn("r1"), a_turn("r2")]})
        return json_response(409, {"error": {"code": next(codes), "message": "over"}})

    platform = fake_platform(respond)
    answered = AnsweredTurns()
    for _ in range(3):
        assert poll_once(choose_first, platform.url, "krb_t", stop=recorded_pauses, answered=answered) == 0
    assert answers_to(platform) == ["/api/v1/bot/turns/r1/", "/api/v1/bot/turns/r2/"]
    assert "r1" in answered and "r2" in answered and recorded_pauses.pauses == []


def test_a_429_on_an_answer_is_waited_out_and_the_answer_sent_again(fake_platform, recorded_pauses):
    replies = iter(
        [json_response(429, {"error": {"code": "throttled", "retry_after": 2}}), json_response(201, {"status": "done"})]
    )
    platform = fake_platform(
        lambda request: json_response(200, {"turns": [a_turn("r1")]}) if request.method == "GET" else next(replies)
    )
    assert poll_once(choose_first, platform.url, "krb_t", stop=recorded_pauses, answered=AnsweredTurns()) == 1
    assert recorded_pauses.pauses == [2] and answers_to(platform) == ["/api/v1/bot/turns/r1/"] * 2


def test_the_memory_keeps_the_latest_turns_only():
    answered = AnsweredTurns(most=2)
    for request_id in ("a", "b", "c"):
        answered.add(request_id)
    assert "a" not in answered and "b" in answered and "c" in answered
