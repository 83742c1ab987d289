"""Each refused challenge, answer or cancellation answers a clear code and message and leaves the
matches, challenges and their seats as they were."""

from datetime import timedelta

import pytest
from django.utils import timezone

from bots.models import Bot, Challenge
from tests.fixtures.people import body

from .conftest import stored


def challenge(person, **data):
    return person.api.post("/api/v1/challenges/", {"ruleset": "king", "fill": "random", **data}, format="json")


def refused(answer, status, code):
    assert (answer.status_code, body(answer)["error"]["code"]) == (status, code), answer.content
    assert body(answer)["error"]["message"]


@pytest.mark.parametrize(
    "data, code",
    [
        ({"opponents": ["nobody"]}, "unknown_user"),
        ({"opponents": [{"bot": "no-such-bot"}]}, "unknown_bot"),
        ({"opponents": [7]}, "invalid_input"),
        ({"opponents": ["bob", "carol", "bob"]}, "invalid_seats"),  # one person, one seat
        ({"opponents": ["bob"], "fill": None}, "invalid_seats"),  # a table of 4 needs 4 players or a fill
        ({"opponents": ["bob", "carol"], "seat": {"bot": "bobs-bot"}}, "not_your_bot"),
        ({"opponents": ["bob"], "fill": "grandmaster"}, "invalid_input"),
        ({"opponents": ["bob"], "options": {"no_such_flag": 1}}, "unknown_option"),
        ({"opponents": []}, "invalid_input"),
    ],
)
def test_a_bad_challenge_is_refused(people, bot_of, data, code):
    bot_of(people["bob"], "bobs-bot")
    before = stored()
    refused(challenge(people["alice"], **data), 400, code)
    assert stored() == before


def test_a_challenge_to_a_disabled_bot_is_refused(people, bot_of):
    bot = bot_of(people["bob"], "sleepy")
    Bot.objects.filter(pk=bot.pk).update(is_active=False)
    before = stored()
    refused(challenge(people["alice"], opponents=[{"bot": "sleepy"}]), 400, "bot_disabled")
    assert stored() == before


def test_one_owner_at_two_seats_is_refused(people, bot_of):
    bot_of(people["alice"], "alices-bot")
    bot_of(people["bob"], "bobs-bot")
    bot_of(people["bob"], "bobs-other-bot")
    before = stored()
    refused(challenge(people["alice"], opponents=[{"bot": "alices-bot"}]), 400, "same_owner")
    refused(challenge(people["alice"], opponents=["bob", {"bot": "bobs-bot"}]), 400, "same_owner")
    refused(challenge(people["alice"], opponents=[{"bot": "bobs-bot"}, {"bot": "bobs-other-bot"}]), 400, "same_owner")
    assert stored() == before


def test_a_bot_disabled_before_the_last_accept_stops_the_start_and_the_accept(people, bot_of):
    bot = bot_of(people["carol"], "carols-bot")
    pk = body(challenge(people["alice"], opponents=["bob", {"bot": "carols-bot"}]))["id"]
    assert people["carol"].api.post(f"/api/v1/challenges/{pk}/accept/").status_code == 200
    Bot.objects.filter(pk=bot.pk).update(is_active=False)
    before = stored()
    refused(people["bob"].api.post(f"/api/v1/challenges/{pk}/accept/"), 400, "bot_disabled")
    assert stored() == before and Challenge.objects.get().status == "open"


def test_answering_twice_a_lapsed_challenge_and_the_challengers_own_are_refused(people, bot_of):
    alice, bob = people["alice"], people["bob"]
    pk = body(challenge(alice, opponents=["bob", "carol"]))["id"]
    assert bob.api.post(f"/api/v1/challenges/{pk}/accept/").status_code == 200
    refused(bob.api.post(f"/api/v1/challenges/{pk}/accept/"), 409, "already_answered")
    refused(alice.api.post(f"/api/v1/challenges/{pk}/accept/"), 403, "not_challenged")
    Challenge.objects.filter(pk=pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    before = stored()
    refused(people["carol"].api.post(f"/api/v1/challenges/{pk}/accept/"), 409, "challenge_closed")
    assert stored() == before and Challenge.objects.get().status == "expired"


def test_too_many_open_challenges_are_refused(people, monkeypatch):
    from bots import challenges

    monkeypatch.setattr(challenges, "OPEN_CHALLENGES_PER_PERSON", 2)
    for _ in range(2):
        assert challenge(people["alice"], opponents=["bob"]).status_code == 201
    before = stored()
    refused(challenge(people["alice"], opponents=["bob"]), 429, "too_many_open_challenges")
    assert stored() == before


def test_a_challenger_at_the_live_cap_cannot_challenge_to_play(people, settings):
    settings.LIVE_GAMES_PER_OWNER = 0
    before = stored()
    refused(challenge(people["alice"], opponents=["bob"]), 429, "too_many_live_games")
    assert stored() == before
    # Not playing, the challenger's own caps do not count; bob's do once he accepts.
    pk = body(challenge(people["alice"], seat=None, opponents=["bob", "carol"]))["id"]
    refused(people["bob"].api.post(f"/api/v1/challenges/{pk}/accept/"), 429, "too_many_live_games")
