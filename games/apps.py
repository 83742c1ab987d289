from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self):
        from django.core import checks

        from .receipts import check_receipt_key

        checks.register(check_receipt_key)
        # Live streams hear of each committed version through Redis (games/pubsub.py, games/streams.py).
        from .hooks import MATCH_ADVANCED
        from .pubsub import publish_match

        MATCH_ADVANCED.register(publish_match)
