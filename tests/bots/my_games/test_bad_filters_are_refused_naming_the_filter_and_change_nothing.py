"""A filter the list cannot take is refused, the same on the list and the export: 400
``invalid_input`` naming the ``field`` and saying what it takes, or 404 ``not_found`` for a bot
id that is not the caller's (another owner's bot is answered as one that does not exist). A
refusal changes nothing."""

import pytest

from bots.models import Bot
from games.models import Event, Match, Seat
from tests.fixtures.people import body

from .games import bot_of, table

PATHS = ["/api/v1/me/games/", "/api/v1/me/games/export/"]


def stored():
    return Match.objects.count(), Seat.objects.count(), Event.objects.count(), Bot.objects.count()


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize(
    "params, field, says",
    [
        ({"bot": "ana-bot"}, "bot", "must be an integer"),
        ({"bot": "0"}, "bot", "must be an integer"),
        ({"bot": "-3"}, "bot", "must be an integer"),
        ({"bot": "1" * 19}, "bot", "must be an integer"),
        ({"ruleset": "whist"}, "ruleset", "must be one of"),
        ({"result": "victory"}, "result", "must be one of won, lost, drawn, cancelled, in_progress"),
        ({"since": "yesterday"}, "since", "YYYY-MM-DD"),
        ({"since": "2025-02-30"}, "since", "YYYY-MM-DD"),
        ({"until": "20250301"}, "until", "YYYY-MM-DD"),
        ({"until": "2025-3-1"}, "until", "YYYY-MM-DD"),
        ({"since": "2025-04-02", "until": "2025-04-01"}, "since", "is after"),
        ({"before": "latest"}, "before", "must be an integer"),
        ({"limit": "0"}, "limit", "must be an integer from 1"),
        ({"limit": "100000"}, "limit", "must be an integer from 1"),
    ],
)
def test_a_bad_filter_is_refused_naming_it(owners, house, path, params, field, says):
    ana = owners["ana"]
    table([ana, *house])
    before = stored()
    answer = ana.api.get(path, params)
    error = body(answer)["error"]
    assert answer.status_code == 400 and error["code"] == "invalid_input", answer.content
    assert error["field"] == field and says in error["message"], error
    assert stored() == before


@pytest.mark.parametrize("path", PATHS)
def test_another_owners_bot_is_not_found(owners, house, path):
    ana, bob = owners["ana"], owners["bob"]
    bobs = bot_of(bob, "bob-bot")
    table([ana, bobs, house[0], house[1]])  # even a bot she played against
    before = stored()
    answer = ana.api.get(path, {"bot": bobs.pk})
    error = body(answer)["error"]
    assert answer.status_code == 404 and error["code"] == "not_found"
    assert error["bot"] == bobs.pk and str(bobs.pk) in error["message"]
    assert body(ana.api.get(path, {"bot": 10**17}))["error"]["code"] == "not_found"  # as one that does not exist
    assert stored() == before


def test_the_refusal_is_in_the_callers_language(owners):
    answer = owners["ana"].api.get("/api/v1/me/games/", {"result": "victory"}, HTTP_ACCEPT_LANGUAGE="pt-br")
    assert answer.status_code == 400
    assert "won, lost" in body(answer)["error"]["message"]
    assert "must be one of" not in body(answer)["error"]["message"]
