"""``python manage.py ensure_house_bots``: the club's built-in bots, one per strategy.

They belong to a "house" account that cannot log in, are named ``house-<strategy>`` and can
fill any number of seats (``bots.house``). Running the command again changes nothing.
"""

from django.core.management.base import BaseCommand

from bots.house import ensure_house_bots


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def handle(self, *args, **options):
        made = ensure_house_bots()
        self.stdout.write(f"house bots created: {', '.join(made)}" if made else "house bots already exist")
