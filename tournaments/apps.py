from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self):
        # Where tournaments plugs into games and bots (docs/architecture.md §5), all here.
        from django.core import checks

        from bots import hooks as bots_hooks
        from games import hooks as games_hooks

        from . import leaderboards, players, tasks, views_director_calls
        from .ladder import checks as ladder_checks
        from .ladder import service as ladder_service
        from .ladder import views as ladder_views
        from .service import entries, tables_with_cards

        # A match's end records its tournament table's result, and rates a ladder match.
        games_hooks.MATCH_ADVANCED.register(tasks.on_match_advanced)
        # Games asks who plays in an event before showing a board another table still plays.
        games_hooks.EVENT_PLAYER_CHECKS.register(players.plays_in)
        # Leaving a seat at a tournament's table is withdrawing from the tournament (issue 19).
        games_hooks.EVENT_SEAT_EXITS.register(entries.leave_match)
        # A table code opens its table with cards' score entry while its round is open (issue 34).
        games_hooks.SCORE_TABLE_KEYS.register(tables_with_cards.open_table)
        # A tournament match's pages show its calls to the director (to its table) and its rulings (issue 35).
        games_hooks.MATCH_PAGE_SECTIONS.register(views_director_calls.match_sections)
        # A bot's page shows its ratings, which finished rated tournaments make ...
        bots_hooks.BOT_RATINGS.register(leaderboards.bot_ratings)
        # ... and its place in the ladders (issue 18).
        bots_hooks.BOT_PAGE_SECTIONS.register(ladder_views.bot_page_section)
        # A rated ladder match tells its bots how it ended, with the rating change.
        bots_hooks.GAME_END_TOLD_BY.register(ladder_service.rates_match)
        # `manage.py check` reads the ladder's settings.
        checks.register(ladder_checks.check_ladder_settings)
