"""An owner may let a bot accept challenges by itself: from anyone, or from the people they list,
and only while the owner is within their caps; otherwise the challenge waits for the owner."""

from bots.models import Bot, ChallengeSeat
from games.models import Match
from tests.fixtures.people import body
from tests.pages.tables import browser


def challenge_bot(person, bot_name):
    return person.api.post(
        "/api/v1/challenges/", {"ruleset": "king", "opponents": [{"bot": bot_name}], "fill": "random"}, format="json"
    )


def test_a_bot_that_accepts_from_anyone_starts_the_match_at_once(people, bot_of):
    bob = people["bob"]
    bot = bot_of(bob, "eager")
    changed = bob.api.patch(f"/api/v1/bots/{bot.pk}/", {"accepts_challenges": "anyone"}, format="json")
    assert body(changed)["accepts_challenges"] == "anyone"
    made = challenge_bot(people["alice"], "eager")
    assert made.status_code == 201 and body(made)["status"] == "started"
    assert body(made)["seats"][1] == {
        "bot": "eager",
        "owner": "bob",
        "answers": "bob",
        "answer": "accepted",
        "by_itself": True,
    }
    assert Match.objects.filter(pk=body(made)["match"], seats__bot=bot).exists()


def test_a_bot_that_accepts_from_a_list_waits_for_its_owner_for_anyone_else(people, bot_of):
    bob = people["bob"]
    bot = bot_of(bob, "picky")
    answer = bob.api.patch(
        f"/api/v1/bots/{bot.pk}/", {"accepts_challenges": "listed", "accepts_challenges_from": ["alice"]}, format="json"
    )
    assert body(answer)["accepts_challenges_from"] == ["alice"]
    assert body(challenge_bot(people["alice"], "picky"))["status"] == "started"
    waiting = challenge_bot(people["carol"], "picky")
    assert body(waiting)["status"] == "open" and body(waiting)["yours_to_answer"] is False
    assert body(bob.api.get(f"/api/v1/challenges/{body(waiting)['id']}/"))["yours_to_answer"] is True


def test_a_bot_whose_owner_is_at_a_cap_does_not_accept_by_itself(people, bot_of, settings):
    settings.LIVE_GAMES_PER_OWNER = 1
    bob = people["bob"]
    bot = bot_of(bob, "eager")
    Bot.objects.filter(pk=bot.pk).update(accepts_challenges=Bot.Accepts.ANYONE)
    assert body(challenge_bot(people["alice"], "eager"))["status"] == "started"
    second = challenge_bot(people["carol"], "eager")
    assert body(second)["status"] == "open"
    assert ChallengeSeat.objects.filter(challenge_id=body(second)["id"], bot=bot).get().answer == "pending"
    refused = bob.api.post(f"/api/v1/challenges/{body(second)['id']}/accept/")
    assert (refused.status_code, body(refused)["error"]["code"]) == (429, "too_many_live_games")
    assert ChallengeSeat.objects.filter(challenge_id=body(second)["id"], bot=bot).get().answer == "pending"
    assert Match.objects.count() == 1


def test_the_setting_is_changed_on_the_bots_page_and_an_unknown_name_changes_nothing(people, bot_of):
    bob = people["bob"]
    bot = bot_of(bob, "picky")
    client = browser(bob)
    assert 'id="accept-challenges-form"' in client.get(f"/bots/{bot.pk}/").content.decode()
    client.post(
        f"/bots/{bot.pk}/challenges/", {"accepts_challenges": "listed", "accepts_challenges_from": "alice, carol"}
    )
    bot.refresh_from_db()
    assert bot.accepts_challenges == "listed"
    assert sorted(bot.accepts_challenges_from.values_list("username", flat=True)) == ["alice", "carol"]
    refused = client.post(
        f"/bots/{bot.pk}/challenges/",
        {"accepts_challenges": "anyone", "accepts_challenges_from": "nobody-here"},
        follow=True,
    )
    assert "Nothing was changed" in refused.content.decode()
    bot.refresh_from_db()
    assert bot.accepts_challenges == "listed" and bot.accepts_challenges_from.count() == 2
