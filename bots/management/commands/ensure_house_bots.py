"""``python manage.py ensure_house_bots``: the club's built-in bots, one per strategy.

They belong to a "house" account that cannot log in, are named ``house-<strategy>`` and can
fill any number of seats. Running the command again changes nothing.
"""
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from bots.api import new_credentials
from bots.models import Bot
from bots.strategies import STRATEGIES


def house_account():
    """The account that owns the club's own bots and demo events; nobody can log in as it."""
    owner, created = get_user_model().objects.get_or_create(username="house")
    if created:
        owner.set_unusable_password()
        owner.save()
    return owner


def ensure_builtin_bot(name, strategy, description):
    """The house's built-in bot ``name`` (created if missing); returns (bot, created)."""
    bot = Bot.objects.filter(name=name).first()
    if bot is not None:
        return bot, False
    _, _, hashes = new_credentials()  # never shown: built-in bots need no credentials
    return Bot.objects.create(owner=house_account(), name=name, kind=Bot.Kind.BUILTIN, strategy=strategy,
                              description=description, **hashes), True


def ensure_house_bots():
    return [strategy for strategy in sorted(STRATEGIES)
            if ensure_builtin_bot(f"house-{strategy}", strategy, f"the house's built-in {strategy} bot")[1]]


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def handle(self, *args, **options):
        made = ensure_house_bots()
        self.stdout.write(f"house bots created: {', '.join(made)}" if made else "house bots already exist")
