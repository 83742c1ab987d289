"""``python manage.py verify_tournament_deals <id>``: re-derive and compare every deal of a tournament."""

from django.core.management.base import BaseCommand, CommandError

from tournaments.fairness import check_deals
from tournaments.models import Tournament


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("tournament", type=int)
        parser.add_argument("--seed", help="the revealed seed (hex) to check with, instead of the stored one")

    def handle(self, *args, tournament, seed=None, **options):
        t = Tournament.objects.filter(pk=tournament).first()
        if t is None:
            raise CommandError(f"no tournament {tournament}")
        try:
            rows = check_deals(t, bytes.fromhex(seed) if seed else None)
        except ValueError as e:
            raise CommandError(str(e)) from e
        for row in rows:
            status = "ok" if row["ok"] else f"FAILED: {row['problem']}"
            self.stdout.write(f"round {row['round']} table {row['table']} match {row['match']}: {status}")
        bad = [r for r in rows if not r["ok"]]
        if bad:
            raise CommandError(f"{len(bad)} of {len(rows)} match(es) do not re-derive from the seed")
        self.stdout.write(f"all {len(rows)} match(es) re-derive from the seed")
