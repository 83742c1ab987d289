"""Schemathesis generates requests from the OpenAPI schema for every operation, valid ones and
(where the operation takes input) invalid ones, and checks each answer against the schema: no
5xx, a documented status code, a documented content type, and a body of the documented shape
(errors included: ``{"error": {"code", "message"}}``).

Requests are sent as a staff user who also holds a seat in a live match, and to the polling
protocol as a bot seated there (so generated requests reach the deepest paths); the long polls
run on a fake clock so that a generated ``wait`` does not sleep. Each operation gets its own
Hypothesis runs, of a fixed size (more under HYPOTHESIS_PROFILE=ci).
"""

import pytest
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode

from games.live import longpoll
from tests.fixtures.api_fuzzing import CHECKS, EXAMPLES

OPERATIONS = [
    ("GET", "/api/v1/matches/{id}/export/"),
    ("GET", "/api/v1/tournaments/{id}/export/"),
    ("POST", "/api/v1/matches/paper/"),
    ("GET", "/api/v1/matches/{id}/verify/"),
    ("POST", "/api/v1/matches/{id}/verify/"),
    ("GET", "/api/v1/receipts/key/"),
    ("GET", "/api/v1/verifier/"),
    ("GET", "/api/v1/matches/{id}/replay/"),
    ("GET", "/api/v1/tournaments/{id}/verify/"),
    ("GET", "/api/v1/tournaments/{id}/rulings/"),
    ("POST", "/api/v1/tournaments/{id}/rulings/"),
    ("GET", "/api/v1/tournaments/{id}/calls/"),
    ("POST", "/api/v1/tournaments/{id}/calls/"),
    ("POST", "/api/v1/tournaments/{id}/calls/answer/"),
    ("GET", "/api/v1/me/matches/"),
    ("GET", "/api/v1/me/games/"),
    ("GET", "/api/v1/me/games/export/"),
    ("GET", "/api/v1/matches/"),
    ("POST", "/api/v1/matches/"),
    ("GET", "/api/v1/matches/{id}/"),
    ("GET", "/api/v1/matches/{id}/events/"),
    ("POST", "/api/v1/matches/{id}/actions/"),
    ("POST", "/api/v1/auth/signup/"),
    ("POST", "/api/v1/auth/token/"),
    ("GET", "/api/v1/auth/tokens/"),
    ("DELETE", "/api/v1/auth/tokens/{id}/"),
    ("GET", "/api/v1/bots/"),
    ("POST", "/api/v1/bots/"),
    ("GET", "/api/v1/bots/{id}/"),
    ("PATCH", "/api/v1/bots/{id}/"),
    ("POST", "/api/v1/bots/{id}/rotate/"),
    ("GET", "/api/v1/bots/{id}/faults/"),
    ("GET", "/api/v1/bot/turns/"),
    ("POST", "/api/v1/bot/turns/{request_id}/"),
    ("GET", "/api/v1/tournaments/"),
    ("POST", "/api/v1/tournaments/"),
    ("GET", "/api/v1/tournaments/{id}/"),
    ("GET", "/api/v1/tournaments/{id}/entrants/"),
    ("POST", "/api/v1/tournaments/{id}/entrants/"),
    ("POST", "/api/v1/tournaments/{id}/entrants/{entrant_id}/"),
    ("POST", "/api/v1/tournaments/{id}/entrants/house-bots/"),
    ("GET", "/api/v1/invitations/"),
    ("GET", "/api/v1/clubs/"),
    ("POST", "/api/v1/clubs/"),
    ("GET", "/api/v1/clubs/{id}/"),
    ("GET", "/api/v1/clubs/{id}/invitations/"),
    ("POST", "/api/v1/clubs/{id}/invitations/"),
    ("DELETE", "/api/v1/clubs/{id}/invitations/{invitation_id}/"),
    ("POST", "/api/v1/clubs/join/"),
    ("GET", "/api/v1/clubs/{id}/members/"),
    ("GET", "/api/v1/clubs/{id}/members/{user_id}/"),
    ("PATCH", "/api/v1/clubs/{id}/members/{user_id}/"),
    ("DELETE", "/api/v1/clubs/{id}/members/{user_id}/"),
    ("GET", "/api/v1/clubs/{id}/seasons/"),
    ("POST", "/api/v1/clubs/{id}/seasons/"),
    ("GET", "/api/v1/clubs/{id}/ratings/"),
    ("GET", "/api/v1/seasons/{id}/"),
    ("POST", "/api/v1/seasons/{id}/events/"),
    ("DELETE", "/api/v1/seasons/{id}/events/{tournament_id}/"),
    ("GET", "/api/v1/seasons/{id}/standings/"),
    ("GET", "/api/v1/tournaments/{id}/standings/"),
    ("GET", "/api/v1/tournaments/{id}/results/"),
    ("GET", "/api/v1/tournaments/{id}/rounds/"),
    ("POST", "/api/v1/tournaments/{id}/rounds/"),
    ("POST", "/api/v1/tournaments/{id}/check-in/"),
    ("GET", "/api/v1/tournaments/{id}/tables-with-cards/"),
    ("POST", "/api/v1/tournaments/{id}/tables-with-cards/"),
    ("POST", "/api/v1/tournaments/{id}/table-codes/"),
    ("POST", "/api/v1/tournaments/{id}/entries/settle/"),
    ("GET", "/api/v1/tournaments/{id}/deals/verify/"),
    ("GET", "/api/v1/leaderboards/{ruleset}/"),
    ("POST", "/api/v1/bots/{id}/sparring/"),
    ("GET", "/api/v1/limits/"),
    ("GET", "/api/v1/challenges/"),
    ("POST", "/api/v1/challenges/"),
    ("GET", "/api/v1/challenges/{id}/"),
    ("POST", "/api/v1/challenges/{id}/accept/"),
    ("POST", "/api/v1/challenges/{id}/decline/"),
    ("POST", "/api/v1/challenges/{id}/cancel/"),
    ("GET", "/api/v1/matches/{id}/stream/"),
    ("GET", "/api/v1/bot/stream/"),
    ("GET", "/api/v1/bot/events/"),
    ("POST", "/api/v1/bots/{id}/ping/"),
    ("POST", "/api/v1/score-tables/"),
    ("GET", "/api/v1/score-tables/{key}/"),
    ("POST", "/api/v1/score-tables/{key}/actions/"),
    ("POST", "/api/v1/score-tables/{key}/preview/"),
]


def real_path_parameters(operation, ids):
    """Path parameters naming things that exist (the generated ones rarely do): a match, a
    tournament, the staff user's bot and a spare token, an entrant, the ruleset."""
    names = [p.name for p in operation.path_parameters]
    if "request_id" in names:
        return None  # no turn is pending at a known id: generated ids only
    segments = operation.path.split("/")
    collection = segments[segments.index("{id}") - 1] if "{id}" in segments else None  # .../<collection>/{id}/...
    return {name: ids[collection] if name == "id" else ids[name] for name in names}


def test_every_operation_of_the_api_is_fuzzed(api_schema):
    # The ladder's operations are fuzzed in tests/ladder, with a bot in the ladder to reach.
    from tests.ladder.test_fuzzing_the_ladder_api_finds_no_server_error import OPERATIONS as LADDER

    listed = {(op.ok().method.upper(), op.ok().path) for op in api_schema.get_all_operations()}
    assert listed == set(OPERATIONS) | set(LADDER)


def takes_input(operation):
    return bool(operation.path_parameters or operation.query or operation.body)


@pytest.mark.django_db
@pytest.mark.parametrize("method, path", OPERATIONS)
def test_every_generated_request_is_answered_as_the_schema_documents(api_schema, headers, method, path):
    operation = api_schema[path][method]
    sent = headers["bot" if path.startswith("/api/v1/bot/") else "user"]
    real = real_path_parameters(operation, headers["ids"])
    waits_held = longpoll.SLOTS.total  # a long poll or a stream gives its slot back once answered
    runs = [(GenerationMode.POSITIVE, None)]
    if real:
        runs.append((GenerationMode.POSITIVE, real))  # reaches the views' answers, not only their 404
    if takes_input(operation):
        runs.append((GenerationMode.NEGATIVE, None))
    for mode, path_parameters in runs:

        @given(case=operation.as_strategy(generation_mode=mode, path_parameters=path_parameters))
        @settings(
            max_examples=EXAMPLES[mode],
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def answered_as_documented(case):
            case.call_and_validate(headers=sent, checks=CHECKS)
            assert longpoll.SLOTS.total == waits_held

        answered_as_documented()
