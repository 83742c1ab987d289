"""The extension points bots offers (docs/architecture.md §5): the apps built on bots plug in
here at start-up, in their ``AppConfig.ready()``; the arrows go tournaments -> bots, never back.
"""

from __future__ import annotations

import typing

from games.hooks import Hook

if typing.TYPE_CHECKING:
    from django.http import HttpRequest

    from games.models import Match

    from .models import Bot

BOT_RATINGS: Hook[[Bot], list[tuple[str, typing.Any]]] = Hook(
    "BOT_RATINGS",
    """A bot's rows on the rating leaderboards: ``source(bot) -> [(game label msgid, row or None)]``.

    Asked by ``bot_ratings`` for a bot's page (bots.views.bot_detail); the page lists every
    source's rows in order. Without a source (a site without tournaments, whose finished events
    make the ratings) the page shows no ratings. Registered: tournaments.leaderboards.bot_ratings.""",
)

BOT_PAGE_SECTIONS: Hook[[Bot, HttpRequest], list[tuple[str, dict]]] = Hook(
    "BOT_PAGE_SECTIONS",
    """Sections of a bot's page after its own: ``source(bot, request) -> [(template name, context)]``.

    Asked by ``bot_page_sections`` for a bot's page (bots.views.bot_detail), each section rendered
    with its template and context in order. Registered: tournaments.ladder.views.bot_page_section
    (the bot's place in the ladders).""",
)

GAME_END_TOLD_BY: Hook[[Match], bool] = Hook(
    "GAME_END_TOLD_BY",
    """Who tells a finished match's bots how it ended: ``rates(match) -> bool``, true when the
    source rates the match and tells its bots ``game_end`` itself, with the rating change
    (``bots.events.record_game_end(match, ratings)``), once it has rated it.

    Asked by ``bots.events.on_match_advanced`` when a match is over; with no true answer it tells
    them at once, without a rating. Registered: tournaments.ladder.service.rates_match.""",
)


def bot_ratings(bot):
    return [entry for rows in BOT_RATINGS.answers(bot) for entry in rows]


def bot_page_sections(bot, request):
    return [section for sections in BOT_PAGE_SECTIONS.answers(bot, request) for section in sections]
