from django.apps import AppConfig


class BotsConfig(AppConfig):
    name = "bots"
    verbose_name = "Bots"

    def ready(self):
        # games announces every committed change of a match; bots listen (docs/architecture.md §2).
        from games.service import match_advanced

        from .tasks import on_match_advanced

        match_advanced.connect(on_match_advanced, dispatch_uid="bots.on_match_advanced")
