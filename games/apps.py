from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self):
        from django.core import checks

        from games.record.receipts import check_receipt_key

        checks.register(check_receipt_key)
        # Live streams hear of each committed version through Redis (games/live/pubsub.py, games/live/streams.py).
        from games.hooks import MATCH_ADVANCED
        from games.live.pubsub import publish_match

        MATCH_ADVANCED.register(publish_match)
