"""What no retry mends stops the polling and stream clients with a BotError that says what is
wrong (a refused token, a redirect, no such page, a server that is no http address); network
trouble does not (they pause and try again)."""

import pytest

from bots.sdk.kingrifki_bot import BotError, run_polling, run_stream
from tests.bots.sdk.conftest import json_response

REFUSALS = {
    "a refused token": (json_response(401, {"error": {"code": "invalid_token", "message": "no"}}), "refuses the token"),
    "a redirect": ((301, {"Location": "https://club.example.org/x"}, b""), "https://club.example.org/x"),
    "no such page": (json_response(404, {"error": {"code": "not_found"}}), "server address"),
}


@pytest.mark.parametrize("run", [run_polling, run_stream], ids=["polling", "stream"])
@pytest.mark.parametrize("case", REFUSALS)
def test_the_client_stops_with_the_reason(fake_platform, recorded_pauses, run, case):
    answer, says = REFUSALS[case]
    platform = fake_platform(lambda request: answer)
    with pytest.raises(BotError, match=says):
        run(lambda turn: turn["legal_actions"][0], platform.url, "krb_token", stop=recorded_pauses)
    assert len(platform.requests) == 1


@pytest.mark.parametrize("run", [run_polling, run_stream], ids=["polling", "stream"])
def test_a_server_that_is_no_http_address_or_a_missing_token_is_refused_at_once(run):
    with pytest.raises(BotError, match="http:// or https://"):
        run(lambda turn: None, "ftp://club.example.org", "krb_token")
    with pytest.raises(BotError, match="token"):
        run(lambda turn: None, "http://127.0.0.1:9", "")


@pytest.mark.parametrize("run", [run_polling, run_stream], ids=["polling", "stream"])
def test_a_server_error_is_tried_again_after_a_pause(fake_platform, recorded_pauses, run):
    def respond(request):
        if len(platform.requests) >= 3:
            recorded_pauses.set()
        return json_response(503, {"error": {"code": "unavailable"}})

    platform = fake_platform(respond)
    run(lambda turn: turn["legal_actions"][0], platform.url, "krb_token", stop=recorded_pauses)
    assert len(platform.requests) == 3
    # A pause after each failure, doubling from 1 s (less a random part, so that a club's bots
    # do not all come back at the same instant).
    pauses = recorded_pauses.pauses[:2]
    assert len(pauses) == 2 and 0.5 <= pauses[0] <= 1 and 1 <= pauses[1] <= 2
