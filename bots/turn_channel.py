"""A polling bot's pub/sub channel, and the wake-up published on it when a turn is created.

``runner.open_turn`` calls ``announce_turn`` when it creates a turn; the bot's turn stream
(bots/api_stream.py, served by games/live/streams.py) listens on ``bot_channel``. Kept apart from the
stream's view so that the runner, below the API, need not import it.
"""

from django.db import transaction

from games.live import pubsub

from .models import Bot


def bot_channel(bot_id):
    return f"stream:bot:{bot_id}"


def announce_turn(bot):
    """A turn was created for ``bot``: wake its streams once the turn is committed."""
    if bot.kind == Bot.Kind.POLLING:
        bot_id = bot.pk
        transaction.on_commit(lambda: pubsub.publish(bot_channel(bot_id), "turn"))
