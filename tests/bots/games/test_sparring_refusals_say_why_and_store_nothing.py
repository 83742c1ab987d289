"""Each refused sparring request answers a clear code and message and stores nothing."""

import pytest

from bots.models import Bot
from games.models import Match
from tests.fixtures.people import body
from tests.pages.tables import browser

from .conftest import stored


def spar(person, bot, **data):
    return person.api.post(f"/api/v1/bots/{bot.pk}/sparring/", {"ruleset": "king", **data}, format="json")


@pytest.mark.parametrize(
    "data, status, code",
    [
        ({"opponents": ["random", "random"]}, 400, "invalid_opponents"),
        ({"opponents": "grandmaster"}, 400, "unknown_strength"),
        ({"opponents": [1, 2, 3]}, 400, "unknown_strength"),
        ({"options": {"no_such_flag": True}}, 400, "unknown_option"),
        ({"ruleset": "whist"}, 400, "invalid_input"),
    ],
)
def test_bad_requests_are_refused(people, bot_of, data, status, code):
    bot = bot_of(people["alice"], "alice-bot")
    before = stored()
    answer = spar(people["alice"], bot, **data)
    assert (answer.status_code, body(answer)["error"]["code"]) == (status, code), answer.content
    assert body(answer)["error"]["message"]
    assert stored() == before


def test_another_owners_bot_is_not_found(people, bot_of):
    bot = bot_of(people["bob"], "bob-bot")
    answer = spar(people["alice"], bot)
    assert answer.status_code == 404 and body(answer)["error"]["code"] == "not_found"
    assert Match.objects.count() == 0
    page = browser(people["alice"]).post(f"/bots/{bot.pk}/sparring/", {"ruleset": "king", "opponents": "random"})
    assert page.status_code == 404 and Match.objects.count() == 0


def test_a_disabled_bot_is_refused(people, bot_of):
    bot = bot_of(people["alice"], "alice-bot")
    Bot.objects.filter(pk=bot.pk).update(is_active=False)
    answer = spar(people["alice"], bot)
    assert (answer.status_code, body(answer)["error"]["code"]) == (400, "bot_disabled")
    assert Match.objects.count() == 0


def test_over_the_live_cap_the_refusal_names_the_limit(people, bot_of, settings):
    settings.LIVE_GAMES_PER_OWNER = 1
    bot = bot_of(people["alice"], "alice-bot")
    assert spar(people["alice"], bot).status_code == 201
    answer = spar(people["alice"], bot)
    error = body(answer)["error"]
    assert answer.status_code == 429 and error["code"] == "too_many_live_games"
    assert (error["limit"], error["owner"], error["which"]) == (1, "alice", "live")
    assert "1 game in progress" in error["message"]
    assert Match.objects.count() == 1


def test_over_the_daily_cap_the_refusal_says_when_it_resets(people, bot_of, settings):
    settings.GAMES_PER_DAY_PER_OWNER = 1
    bot = bot_of(people["alice"], "alice-bot")
    assert spar(people["alice"], bot).status_code == 201
    Match.objects.update(status=Match.Status.OVER)
    answer = spar(people["alice"], bot)
    error = body(answer)["error"]
    assert answer.status_code == 429 and error["code"] == "too_many_games_today"
    assert error["resets_at"].endswith("00:00:00+00:00") and 0 < error["retry_after"] <= 24 * 3600
    assert error["resets_at"] in error["message"]
    assert Match.objects.count() == 1


def test_the_page_shows_a_refusal_in_words_and_starts_nothing(people, bot_of, settings):
    settings.LIVE_GAMES_PER_OWNER = 0
    bot = bot_of(people["alice"], "alice-bot")
    client = browser(people["alice"])
    answer = client.post(f"/bots/{bot.pk}/sparring/", {"ruleset": "king", "opponents": "random"}, follow=True)
    assert "The sparring match was not started" in answer.content.decode()
    assert "0 games in progress" in answer.content.decode()
    assert Match.objects.count() == 0
