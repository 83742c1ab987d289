"""``python manage.py rebuild_standings [--tournament ID ...]``: recompute standings from events.

Throws the stored read model away and folds every event of each tournament's stream again;
prints the figures (events folded per second) so a rebuild's cost is visible.
"""

import time

from django.core.management.base import BaseCommand, CommandError

from tournaments.models import Tournament
from tournaments.projection import rebuild_standings


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--tournament", type=int, action="append", help="only these tournaments (repeatable)")

    def handle(self, *args, tournament=None, **options):
        ids = tournament or list(Tournament.objects.order_by("pk").values_list("pk", flat=True))
        missing = set(ids) - set(Tournament.objects.filter(pk__in=ids).values_list("pk", flat=True))
        if missing:
            raise CommandError(f"no tournament {sorted(missing)[0]}")
        started, events = time.perf_counter(), 0
        for tid in ids:
            rebuild_standings(tid)
            events += Tournament.objects.get(pk=tid).version
        seconds = time.perf_counter() - started
        rate = events / seconds if seconds else 0
        self.stdout.write(f"rebuilt {len(ids)} tournament(s): {events} events in {seconds:.3f} s ({rate:.0f} events/s)")
