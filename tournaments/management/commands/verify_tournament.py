"""``python manage.py verify_tournament ID [--json]``: check every stream of a tournament.

Chains and heads, the seed against its commitment, every match's seed derived from it, every
match replayed through the rules, every result against its replay, the standings against a
rebuild; prints the root hash. Exits 1 if any check fails (tournaments/audit.py).
"""

from django.core.management.base import BaseCommand, CommandError

from games.record.audit import print_report
from tournaments.audit import verify_tournament
from tournaments.models import Tournament


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("tournament", type=int)
        parser.add_argument("--json", action="store_true", help="print the report as JSON")

    def handle(self, *args, tournament, json=False, **options):
        found = Tournament.objects.filter(pk=tournament).first()
        if found is None:
            raise CommandError(f"no tournament {tournament}")
        result = verify_tournament(found)
        print_report(self.stdout, result, as_json=json)
        if not result["ok"]:
            raise SystemExit(1)
