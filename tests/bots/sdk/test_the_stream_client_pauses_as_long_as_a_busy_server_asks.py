"""A server too busy to hold a stream open answers at once and asks for a pause: a 429 with
``retry_after``, or a stream that ends with ``reconnect`` under a ``Retry-After`` header (the
WSGI fallback of games/live/streams.py). The stream client pauses that long before it comes back.
The pauses are recorded, not taken."""

import json

from bots.sdk.kingrifki_bot import run_stream
from tests.bots.sdk.conftest import json_response

RECONNECT = json.dumps({"type": "reconnect"}).encode() + b"\n"


def play_until_the_second_connection(fake_platform, recorded_pauses, first_answer):
    def respond(request):
        if len(platform.requests) == 1:
            return first_answer
        recorded_pauses.set()
        return 200, {}, iter([b"\n"])

    platform = fake_platform(respond)
    run_stream(lambda turn: turn["legal_actions"][0], platform.url, "krb_token", stop=recorded_pauses)
    assert len(platform.requests) == 2


def test_a_429_is_waited_out(fake_platform, recorded_pauses):
    too_many = json_response(429, {"error": {"code": "too_many_streams", "retry_after": 4}}, {"Retry-After": "4"})
    play_until_the_second_connection(fake_platform, recorded_pauses, too_many)
    assert recorded_pauses.pauses == [4]


def test_a_reconnect_under_retry_after_is_waited_out(fake_platform, recorded_pauses):
    declined = (200, {"Retry-After": "1"}, iter([RECONNECT]))
    play_until_the_second_connection(fake_platform, recorded_pauses, declined)
    assert recorded_pauses.pauses == [1]
