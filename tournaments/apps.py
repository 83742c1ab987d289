from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self):
        # A match's end reaches its tournament through games' announcement (docs/architecture.md §2).
        from games.service import match_advanced

        from .tasks import on_match_advanced

        match_advanced.connect(on_match_advanced, dispatch_uid="tournaments.on_match_advanced")
        # Games asks who plays in an event before showing a board another table still plays.
        from games.service import EVENT_PLAYER_CHECKS

        from .players import plays_in

        if plays_in not in EVENT_PLAYER_CHECKS:
            EVENT_PLAYER_CHECKS.append(plays_in)
        # Leaving a seat at a tournament's table is withdrawing from the tournament (issue 19).
        from games.service import EVENT_SEAT_EXITS

        from .service import leave_match

        if leave_match not in EVENT_SEAT_EXITS:
            EVENT_SEAT_EXITS.append(leave_match)
        # A bot's page shows its ratings, which finished rated tournaments make.
        from bots.hooks import BOT_RATINGS

        from .leaderboards import bot_ratings

        if bot_ratings not in BOT_RATINGS:
            BOT_RATINGS.append(bot_ratings)
        # A bot's page shows its place in the ladders (issue 18); `manage.py check` reads the
        # ladder's settings.
        from django.core import checks

        from bots.hooks import BOT_PAGE_SECTIONS

        from .ladder.checks import check_ladder_settings
        from .ladder.views import bot_page_section

        if bot_page_section not in BOT_PAGE_SECTIONS:
            BOT_PAGE_SECTIONS.append(bot_page_section)
        checks.register(check_ladder_settings)
