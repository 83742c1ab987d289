"""``python manage.py ensure_house_bots``: the club's built-in bots, one per strategy.

They belong to a "house" account that cannot log in, are named ``house-<strategy>`` and can
fill any number of seats. Running the command again changes nothing.
"""
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from bots.api import new_credentials
from bots.models import Bot
from bots.strategies import STRATEGIES


def ensure_house_bots():
    owner, created = get_user_model().objects.get_or_create(username="house")
    if created:
        owner.set_unusable_password()
        owner.save()
    made = []
    for strategy in sorted(STRATEGIES):
        if not Bot.objects.filter(name=f"house-{strategy}").exists():
            _, _, hashes = new_credentials()  # never shown: built-in bots need no credentials
            Bot.objects.create(owner=owner, name=f"house-{strategy}", kind=Bot.Kind.BUILTIN, strategy=strategy,
                               description=f"the house's built-in {strategy} bot", **hashes)
            made.append(strategy)
    return made


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def handle(self, *args, **options):
        made = ensure_house_bots()
        self.stdout.write(f"house bots created: {', '.join(made)}" if made else "house bots already exist")
