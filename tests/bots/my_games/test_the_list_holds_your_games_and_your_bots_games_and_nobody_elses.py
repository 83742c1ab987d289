"""``GET me/games/`` lists every game where the caller holds a seat in person or through one of
their bots, newest first, each saying which seat was theirs and who held it; a game of other
people and their bots alone is never in it."""

from tests.fixtures.people import body

from .games import bot_of, listed, table


def test_your_games_and_your_bots_games_newest_first_and_nobody_elses(owners, house):
    ana, bob = owners["ana"], owners["bob"]
    first, second = bot_of(ana, "ana-one"), bot_of(ana, "ana-two")
    in_person = table([ana, *house])
    by_first = table([house[0], first, house[1], house[2]])
    by_second = table([house[0], house[1], bob, second])
    bobs = table([bob, bot_of(bob, "bob-bot"), house[0], house[1]])

    assert listed(ana) == [by_second.pk, by_first.pk, in_person.pk]
    assert listed(bob) == [bobs.pk, by_second.pk]


def test_each_entry_says_which_seat_was_yours_and_who_sat_at_the_others(owners, house):
    ana, bob = owners["ana"], owners["bob"]
    mine = bot_of(ana, "ana-bot")
    match = table([bob, house[0], mine, house[1]])

    (game,) = body(ana.api.get("/api/v1/me/games/"))["results"]
    assert game["match"] == match.pk and game["status"] == "live" and game["ruleset"] == "king"
    assert game["yours"] == [{"seat": 2, "bot": "ana-bot", "bot_id": mine.pk, "score": None, "result": "in_progress"}]
    assert [(s["seat"], s["user"], s["bot"]) for s in game["seats"]] == [
        (0, "bob", None),
        (1, None, "house0"),
        (2, None, "ana-bot"),
        (3, None, "house1"),
    ]
    (bobs,) = body(bob.api.get("/api/v1/me/games/"))["results"]
    assert bobs["yours"] == [{"seat": 0, "bot": None, "bot_id": None, "score": None, "result": "in_progress"}]


def test_someone_with_no_games_gets_an_empty_list(owners, house):
    table([owners["bob"], *house])
    answer = owners["ana"].api.get("/api/v1/me/games/")
    assert answer.status_code == 200 and body(answer) == {"results": [], "next": None}
