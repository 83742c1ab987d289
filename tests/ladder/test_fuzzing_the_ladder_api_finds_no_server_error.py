"""Schemathesis fuzzes every ladder operation from the OpenAPI schema, valid requests and
invalid ones, as tests/api does for the rest of the API: no 5xx, only documented statuses,
content types and body shapes (errors included)."""

import pytest
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode

from bots.models import Bot
from tests.fixtures.api_fuzzing import CHECKS, EXAMPLES
from tests.ladder.conftest import RULESET
from tournaments.ladder import service as ladder_service

OPERATIONS = [
    ("GET", "/api/v1/ladder/"),
    ("GET", "/api/v1/ladder/{ruleset}/"),
    ("GET", "/api/v1/ladder/{ruleset}/entries/"),
    ("POST", "/api/v1/ladder/{ruleset}/entries/"),
    ("PATCH", "/api/v1/ladder/{ruleset}/entries/{bot}/"),
    ("DELETE", "/api/v1/ladder/{ruleset}/entries/{bot}/"),
    ("GET", "/api/v1/ladder/{ruleset}/bots/{bot}/history/"),
]


def test_the_schema_lists_every_ladder_operation(api_schema):
    listed = {(op.ok().method.upper(), op.ok().path) for op in api_schema.get_all_operations()}
    assert {op for op in listed if op[1].startswith("/api/v1/ladder/")} == set(OPERATIONS)


@pytest.mark.django_db
@pytest.mark.parametrize("method, path", OPERATIONS)
def test_every_generated_request_is_answered_as_the_schema_documents(api_schema, headers, method, path):
    operation = api_schema[path][method]
    bot = headers["ids"]["bots"]  # the fuzzing user's own polling bot, in the ladder
    staff = Bot.objects.get(pk=bot).owner
    ladder_service.do_join(RULESET, staff, bot)
    names = [p.name for p in operation.path_parameters]
    real = {name: {"ruleset": RULESET, "bot": bot}[name] for name in names}
    runs = [(GenerationMode.POSITIVE, None)]
    if real:
        runs.append((GenerationMode.POSITIVE, real))
    # Invalid requests need something to get wrong: a body, or a path id that is not a number
    # (any text is a well-formed ruleset name: an unknown one is a 404).
    if "bot" in names or operation.body:
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
            case.call_and_validate(headers=headers["user"], checks=CHECKS)

        answered_as_documented()
