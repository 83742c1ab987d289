"""Each seat of a challenge says whose it is (``owner``: the person, or the bot's owner; null for
the house's) and, apart, who must answer for it (``answers``: null when it was accepted from the
start, as the challenger's own seat and the house's are). The challenger's own bot is theirs,
though nobody has to answer for it."""

from tests.fixtures.people import body


def test_the_challengers_own_bot_is_theirs_and_accepted_from_the_start(people, bot_of):
    alice = people["alice"]
    bot_of(alice, "mine")
    made = alice.api.post(
        "/api/v1/challenges/",
        {"ruleset": "king", "seat": {"bot": "mine"}, "opponents": ["bob"], "fill": "random"},
        format="json",
    )
    assert made.status_code == 201, made.content
    seats = body(made)["seats"]
    mine = next(s for s in seats if s.get("bot") == "mine")
    bob = next(s for s in seats if s.get("user") == "bob")
    house = [s for s in seats if "house" in s]
    assert (mine["owner"], mine["answers"], mine["answer"]) == ("alice", None, "accepted")
    assert (bob["owner"], bob["answers"], bob["answer"]) == ("bob", "bob", "pending")
    assert house and all(s["owner"] is None and s["answers"] is None for s in house)
