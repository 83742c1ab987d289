"""``python manage.py reseal_bot_keys``: after rotating BOT_SECRET_ENCRYPTION_KEY, seal every
bot's webhook signing key under the new key.

Run it with the previous key still listed in BOT_SECRET_ENCRYPTION_OLD_KEYS; once it reports,
that old key can be dropped. Bots notice nothing: their secrets do not change.
"""

from django.core.management.base import BaseCommand, CommandError

from bots.registry import reseal_signing_keys
from bots.signing import SealedKeyError


class Command(BaseCommand):
    help = "Seal every bot's webhook signing key under the current BOT_SECRET_ENCRYPTION_KEY."

    def handle(self, *args, **options):
        try:
            moved = reseal_signing_keys()
        except SealedKeyError as e:
            raise CommandError(str(e)) from e
        self.stdout.write(f"{moved} signing key(s) resealed under the current key")
