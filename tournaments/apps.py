from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self):
        # A match's end reaches its tournament through games' announcement (DESIGN.md 2).
        from games.service import match_advanced

        from .tasks import on_match_advanced

        match_advanced.connect(on_match_advanced, dispatch_uid="tournaments.on_match_advanced")
