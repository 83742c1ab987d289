"""One export request holds at most ``MOST_EXPORTED`` games (``limit`` asks for fewer); when
more match, its ``Link`` header (rel="next") asks for the rest with the same filters."""

import re

from bots import my_games

from .games import bot_of, exported, played, table


def test_the_rest_is_one_link_away(owners, house, monkeypatch):
    monkeypatch.setattr(my_games, "MOST_EXPORTED", 2)
    ana = owners["ana"]
    mine = bot_of(ana, "ana-bot")
    games = [played(table([mine, *house])).pk for _ in range(3)]

    answer, lines, _text = exported(ana, bot=mine.pk)
    assert [line["game"]["match"] for line in lines] == [games[2], games[1]]
    link = re.fullmatch(r'<([^>]+)>; rel="next"', answer["Link"]).group(1)
    assert f"bot={mine.pk}" in link and f"before={games[1]}" in link
    rest = ana.api.get(link)
    assert [line for line in b"".join(rest.streaming_content).decode().splitlines() if f'"match":{games[0]},' in line]
    assert "Link" not in rest

    answer, lines, _text = exported(ana, limit=1)
    assert len(lines) == 1 and "before=" in answer["Link"]
    assert ana.api.get("/api/v1/me/games/export/", {"limit": 3}).status_code == 400
