"""The extension points bots offers (docs/architecture.md §5): the apps built on bots plug in
here at start-up, in their ``AppConfig.ready()``; the arrows go tournaments -> bots, never back.
"""

from __future__ import annotations

import typing

from games.hooks import Hook

if typing.TYPE_CHECKING:
    from django.http import HttpRequest

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


def bot_ratings(bot):
    return [entry for rows in BOT_RATINGS.answers(bot) for entry in rows]


def bot_page_sections(bot, request):
    return [section for sections in BOT_PAGE_SECTIONS.answers(bot, request) for section in sections]
