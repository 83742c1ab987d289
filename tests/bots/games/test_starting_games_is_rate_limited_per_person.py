"""Sparring, challenges and their acceptance, and ladder entries share the "games" rate limit per
person, beside the owner's caps: past it the answer is 429 with the wait, and nothing starts.
Declining or cancelling a challenge starts nothing: it spends none of it, and a throttled owner
can still do it."""

from games.models import Match
from tests.fixtures.people import body
from tests.fixtures.throttles import assert_throttled

from .conftest import stored


def test_a_burst_of_sparring_and_challenges_is_refused_until_the_window_passes(people, bot_of, settings, clock):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "games": "3/m"}
    alice = people["alice"]
    bot = bot_of(alice, "alice-bot")
    spar = {"ruleset": "king", "opponents": "random"}
    assert alice.api.post(f"/api/v1/bots/{bot.pk}/sparring/", spar, format="json").status_code == 201
    made = alice.api.post(
        "/api/v1/challenges/", {"ruleset": "king", "opponents": ["bob"], "fill": "random"}, format="json"
    )
    assert made.status_code == 201
    assert alice.api.post(f"/api/v1/challenges/{body(made)['id']}/cancel/").status_code == 200  # spends nothing
    again = alice.api.post(
        "/api/v1/challenges/", {"ruleset": "king", "opponents": ["bob"], "fill": "random"}, format="json"
    )
    assert again.status_code == 201
    before = stored()
    assert assert_throttled(alice.api.post(f"/api/v1/bots/{bot.pk}/sparring/", spar, format="json")) == 60
    assert stored() == before
    assert (
        people["bob"]
        .api.post("/api/v1/challenges/", {"ruleset": "king", "opponents": ["carol"], "fill": "random"}, format="json")
        .status_code
        == 201
    )
    assert alice.api.post(f"/api/v1/challenges/{body(again)['id']}/cancel/").status_code == 200  # still free
    clock.advance(60)
    assert alice.api.post(f"/api/v1/bots/{bot.pk}/sparring/", spar, format="json").status_code == 201
    assert Match.objects.count() == 2


def test_a_throttled_person_can_still_decline_a_challenge(people, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "games": "1/m"}
    alice, bob = people["alice"], people["bob"]
    made = alice.api.post(
        "/api/v1/challenges/", {"ruleset": "king", "opponents": ["bob"], "fill": "random"}, format="json"
    )
    assert made.status_code == 201
    assert (
        bob.api.post(
            "/api/v1/challenges/", {"ruleset": "king", "opponents": ["carol"], "fill": "random"}, format="json"
        ).status_code
        == 201
    )  # bob's one game a minute is spent
    declined = bob.api.post(f"/api/v1/challenges/{body(made)['id']}/decline/")
    assert declined.status_code == 200 and body(declined)["status"] == "declined"
