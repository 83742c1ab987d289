"""``python manage.py ensure_demo_matches``: the home page's demo games, played now.

``make run`` calls it so that a newcomer's first click on a demo replays at once: without it
the first visit plays the game (bots/demo_match.py) while the page waits. A game whose demo
exists already is left as it is.
"""

from django.core.management.base import BaseCommand

from bots.demo_match import ensure_demo_match
from games.offer import offered_names


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def handle(self, *args, **options):
        for ruleset in offered_names():
            match = ensure_demo_match(ruleset)
            self.stdout.write(f"demo game of {ruleset}: /matches/{match.pk}/replay/")
