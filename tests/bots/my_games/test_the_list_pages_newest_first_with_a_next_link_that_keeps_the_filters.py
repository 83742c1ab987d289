"""The list comes a page at a time (``limit``, 1 to 100, default 50), newest first; ``next`` links
to the page after, with the same filters, and is null on the last page."""

from tests.fixtures.people import body

from .games import bot_of, table


def test_following_next_walks_every_game_once(owners, house):
    ana = owners["ana"]
    mine = bot_of(ana, "ana-bot")
    games = [table([mine, *house]).pk for _ in range(5)]
    table([ana, *house])  # not the bot's: filtered out on every page

    seen, path, params = [], "/api/v1/me/games/", {"bot": mine.pk, "limit": 2}
    while path:
        page = body(ana.api.get(path, params))
        assert len(page["results"]) <= 2
        seen += [game["match"] for game in page["results"]]
        path, params = page["next"], None
        if path:
            assert f"bot={mine.pk}" in path and "limit=2" in path
    assert seen == sorted(games, reverse=True)


def test_the_default_page_is_fifty_games(owners, house):
    ana = owners["ana"]
    for _ in range(51):
        table([ana, *house])
    page = body(ana.api.get("/api/v1/me/games/"))
    assert len(page["results"]) == 50 and page["next"]
    rest = body(ana.api.get(page["next"]))
    assert len(rest["results"]) == 1 and rest["next"] is None
