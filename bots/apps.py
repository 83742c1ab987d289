from django.apps import AppConfig


class BotsConfig(AppConfig):
    name = "bots"
    verbose_name = "Bots"

    def ready(self):
        # games announces every committed change of a match; bots queue what it asks of the
        # workers (docs/architecture.md §5).
        from games.hooks import MATCH_ADVANCED

        from . import events
        from .tasks import on_match_advanced

        MATCH_ADVANCED.register(on_match_advanced)
        MATCH_ADVANCED.register(events.on_match_advanced)  # a bot's own events (docs/bots.md)
