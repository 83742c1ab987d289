"""A person challenges named people and bots; each challenged owner accepts or declines (API and
page); the match starts, seats drawn, once the last one accepts; house bots fill the rest."""

from bots.models import Challenge
from games.engine import RULESETS
from games.models import Match
from tests.fixtures.people import body
from tests.pages.tables import browser


def challenge(person, **data):
    return person.api.post("/api/v1/challenges/", {"ruleset": "king", **data}, format="json")


def test_the_match_starts_when_the_last_owner_accepts(people, bot_of):
    alice, bob, carol = people["alice"], people["bob"], people["carol"]
    bot_of(carol, "carols-bot")
    made = challenge(alice, opponents=["bob", {"bot": "carols-bot"}], fill="random")
    assert made.status_code == 201, made.content
    pk = body(made)["id"]
    assert body(made)["status"] == "open" and body(made)["match"] is None
    assert [s.get("user") or s.get("bot") or s["house"] for s in body(made)["seats"]] == [
        "alice",
        "bob",
        "carols-bot",
        "random",
    ]
    assert body(bob.api.get("/api/v1/challenges/"))[0]["yours_to_answer"] is True

    assert body(bob.api.post(f"/api/v1/challenges/{pk}/accept/"))["status"] == "open"
    started = carol.api.post(f"/api/v1/challenges/{pk}/accept/")
    assert started.status_code == 200 and body(started)["status"] == "started"
    match = Match.objects.get(pk=body(started)["match"])
    holders = {s.user.username if s.user else s.bot.name for s in match.seats.select_related("user", "bot")}
    assert holders == {"alice", "bob", "carols-bot", "house-random"}
    assert match.created_by == alice and match.event == ""


def test_one_decline_ends_the_challenge_and_nothing_starts(people):
    alice, bob = people["alice"], people["bob"]
    pk = body(challenge(alice, opponents=["bob", "carol"], fill="heuristic"))["id"]
    declined = bob.api.post(f"/api/v1/challenges/{pk}/decline/")
    assert body(declined)["status"] == "declined"
    late = people["carol"].api.post(f"/api/v1/challenges/{pk}/accept/")
    assert (late.status_code, body(late)["error"]["code"]) == (409, "challenge_closed")
    assert Match.objects.count() == 0


def test_the_challenger_cancels_and_only_the_challenger_may(people):
    alice, bob = people["alice"], people["bob"]
    pk = body(challenge(alice, opponents=["bob"], fill="random"))["id"]
    refused = bob.api.post(f"/api/v1/challenges/{pk}/cancel/")
    assert (refused.status_code, body(refused)["error"]["code"]) == (403, "not_challenger")
    assert body(alice.api.post(f"/api/v1/challenges/{pk}/cancel/"))["status"] == "cancelled"
    assert Challenge.objects.get().status == "cancelled" and Match.objects.count() == 0


def test_the_pages_make_answer_and_start_a_challenge(people):
    alice, bob = people["alice"], people["bob"]
    sent = browser(alice).post(
        "/challenges/new/",
        {"ruleset": "king", "short": "on", "seat": "me", "people": "bob", "bots": "", "fill": "random"},
    )
    assert sent.status_code == 303 and sent["Location"] == "/challenges/"
    challenge = Challenge.objects.get()
    page = browser(bob).get("/challenges/").content.decode()
    assert f'id="accept-{challenge.pk}"' in page and "alice challenges you to" in page
    accepted = browser(bob).post(f"/challenges/{challenge.pk}/accept/")
    challenge.refresh_from_db()
    assert challenge.status == "started"
    assert accepted.status_code == 303 and accepted["Location"] == f"/matches/{challenge.match_id}/"
    assert challenge.match.options == {**challenge.match.options, **RULESETS["king"].short_game}


def test_strangers_see_no_challenge_of_others(people):
    pk = body(challenge(people["alice"], opponents=["bob"], fill="random"))["id"]
    carol = people["carol"]
    assert carol.api.get(f"/api/v1/challenges/{pk}/").status_code == 404
    assert carol.api.post(f"/api/v1/challenges/{pk}/accept/").status_code == 404
    assert body(carol.api.get("/api/v1/challenges/")) == []
