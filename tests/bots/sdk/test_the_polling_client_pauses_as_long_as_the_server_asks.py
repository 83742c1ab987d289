"""Asked to slow down, the polling client pauses as long as the server says: a 429's
``retry_after`` (or its Retry-After header), and a long poll answered at once with
``Retry-After`` because the server holds too many waits. The pauses are recorded, not taken."""

import pytest

from bots.sdk.kingrifki_bot import poll_once
from tests.bots.sdk.conftest import a_turn, json_response

ANSWERS = {
    "a rate limit's retry_after": (json_response(429, {"error": {"code": "throttled", "retry_after": 7}}), 7),
    "a bare Retry-After header": ((429, {"Retry-After": "3"}, b""), 3),
    "a declined long poll": (json_response(200, {"turns": []}, {"Retry-After": "1"}), 1),
}


@pytest.mark.parametrize("case", ANSWERS)
def test_the_client_pauses_as_told(fake_platform, recorded_pauses, case):
    answer, seconds = ANSWERS[case]
    platform = fake_platform(lambda request: answer)
    assert (
        poll_once(lambda turn: turn["legal_actions"][0], platform.url, "krb_token", wait=25, stop=recorded_pauses) == 0
    )
    assert recorded_pauses.pauses == [seconds]
    assert [(r.method, r.path, r.headers["Authorization"]) for r in platform.requests] == [
        ("GET", "/api/v1/bot/turns/?wait=25", "Bot krb_token")
    ]


def test_turns_are_answered_without_a_pause(fake_platform, recorded_pauses):
    def respond(request):
        if request.method == "GET":
            return json_response(200, {"turns": [a_turn("r1"), a_turn("r2", cards=("AD",))]})
        return json_response(201, {"status": "done", "version": 2})

    platform = fake_platform(respond)
    assert poll_once(lambda turn: turn["legal_actions"][-1], platform.url, "krb_token", stop=recorded_pauses) == 2
    assert recorded_pauses.pauses == []
    assert [(r.path, r.json()) for r in platform.requests[1:]] == [
        ("/api/v1/bot/turns/r1/", {"action": {"type": "play", "card": "3S"}}),
        ("/api/v1/bot/turns/r2/", {"action": {"type": "play", "card": "AD"}}),
    ]
