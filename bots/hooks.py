"""Where the apps built on bots plug in: the arrows go tournaments -> bots, never back.

``BOT_RATINGS``: functions of a bot returning its rows on the rating leaderboards, as
``[(game label msgid, row or None)]``; tournaments (whose finished events make the ratings)
adds its own in ``TournamentsConfig.ready``. A site without tournaments shows no ratings.
"""

BOT_RATINGS = []

# ``BOT_PAGE_SECTIONS``: functions ``(bot, request) -> [(template name, context dict)]`` whose
# sections a bot's page shows after its own (tournaments adds the ladder's).
BOT_PAGE_SECTIONS = []


def bot_ratings(bot):
    return [entry for source in BOT_RATINGS for entry in source(bot)]


def bot_page_sections(bot, request):
    return [section for source in BOT_PAGE_SECTIONS for section in source(bot, request)]
