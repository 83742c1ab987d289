"""A bot named in a challenge is told of it (who, the game, its options, the expiry, whether its
own setting accepted it) and may answer for itself with its own token, within its owner's
caps, as its owner can: accept or decline its own seat. It cannot cancel, nor answer a
challenge that does not name it (404: it learns nothing of it). Refusals store nothing."""

from rest_framework.test import APIClient

from bots import registry
from bots.models import BotEvent, Challenge, ChallengeSeat
from tests.fixtures.people import body

from .conftest import stored


def bot_with_token(owner, name):
    bot, token, _secret = registry.register(owner, name, "polling")
    return bot, APIClient(HTTP_AUTHORIZATION=f"Bot {token}")


def challenge(person, *bots):
    made = person.api.post(
        "/api/v1/challenges/",
        {"ruleset": "king", "opponents": [{"bot": b.name} for b in bots], "fill": "random"},
        format="json",
    )
    assert made.status_code == 201, made.content
    return body(made)


def test_the_bot_hears_of_the_challenge_and_accepts_it_itself(people, django_capture_on_commit_callbacks):
    bot, api = bot_with_token(people["bob"], "answerer")
    made = challenge(people["alice"], bot)
    told = BotEvent.objects.get(bot=bot, type="challenge")
    assert told.data == {
        "challenge": made["id"],
        "challenger": "alice",
        "ruleset": "king",
        "options": {},
        "expires_at": made["expires_at"],
        "answer": "pending",
        "by_itself": False,
    }
    assert body(api.get(f"/api/v1/challenges/{made['id']}/"))["id"] == made["id"]
    with django_capture_on_commit_callbacks(execute=True):  # the match's creation is announced
        accepted = api.post(f"/api/v1/challenges/{made['id']}/accept/")
    assert accepted.status_code == 200 and body(accepted)["status"] == "started"
    assert body(accepted)["seats"][0]["answer"] == "accepted"
    assert BotEvent.objects.filter(bot=bot, type="game_start", match_id=body(accepted)["match"]).exists()


def test_a_bot_declines_only_its_own_seat_and_cannot_cancel(people):
    bot, api = bot_with_token(people["bob"], "decliner")
    other, _api = bot_with_token(people["carol"], "bystander")
    made = challenge(people["alice"], bot, other)
    before = stored()
    refused = api.post(f"/api/v1/challenges/{made['id']}/cancel/")
    assert refused.status_code == 403 and body(refused)["error"]["code"] == "not_challenger" and stored() == before
    declined = api.post(f"/api/v1/challenges/{made['id']}/decline/")
    assert declined.status_code == 200 and body(declined)["status"] == "declined"
    answers = dict(
        ChallengeSeat.objects.filter(challenge_id=made["id"], bot__isnull=False).values_list("bot__name", "answer")
    )
    assert answers == {"decliner": "declined", "bystander": "pending"}


def test_a_bot_not_named_learns_nothing_and_an_owner_at_a_cap_is_refused(people, settings):
    named, _api = bot_with_token(people["bob"], "named")
    stranger, stranger_api = bot_with_token(people["carol"], "stranger")
    made = challenge(people["alice"], named)
    before = stored()
    for path in (f"/api/v1/challenges/{made['id']}/", f"/api/v1/challenges/{made['id']}/accept/"):
        r = stranger_api.get(path) if path.endswith(f"{made['id']}/") else stranger_api.post(path)
        assert r.status_code == 404 and body(r)["error"]["code"] == "not_found"
    assert stored() == before

    capped, capped_api = bot_with_token(people["carol"], "capped")
    second = challenge(people["alice"], capped)
    settings.LIVE_GAMES_PER_OWNER = 0
    before = stored()
    r = capped_api.post(f"/api/v1/challenges/{second['id']}/accept/")
    assert r.status_code in (409, 429) and stored() == before
    assert Challenge.objects.get(pk=second["id"]).status == "open"
