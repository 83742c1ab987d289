"""``?bot=<id>`` narrows the list to the games of that bot of the caller's: not their own games
in person, nor their other bots'."""

from tests.fixtures.people import body

from .games import bot_of, listed, table


def test_only_the_named_bots_games(owners, house):
    ana = owners["ana"]
    first, second = bot_of(ana, "ana-one"), bot_of(ana, "ana-two")
    table([ana, *house])
    one = table([first, *house])
    two = table([second, *house])
    both = table([first, second, house[0], house[1]])  # built-in bots of one owner may share a table

    assert listed(ana, bot=first.pk) == [both.pk, one.pk]
    assert listed(ana, bot=second.pk) == [both.pk, two.pk]


def test_an_entry_of_a_bots_list_shows_that_bots_seat_alone(owners, house):
    ana = owners["ana"]
    first, second = bot_of(ana, "ana-one"), bot_of(ana, "ana-two")
    table([first, second, house[0], house[1]])

    (game,) = body(ana.api.get("/api/v1/me/games/", {"bot": second.pk}))["results"]
    assert [(s["seat"], s["bot"]) for s in game["yours"]] == [(1, "ana-two")]
    (game,) = body(ana.api.get("/api/v1/me/games/"))["results"]
    assert [(s["seat"], s["bot"]) for s in game["yours"]] == [(0, "ana-one"), (1, "ana-two")]
