"""``python manage.py verify_match ID [--json]``: check a match's log from its first event.

Prints one line per check (chain, head, seed, rules) with the event version where a check
fails; exits 1 if any fails. See games/audit.py for what each check catches.
"""

from django.core.management.base import BaseCommand, CommandError

from games.audit import print_report, report, verify_match
from games.models import Match


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("match", type=int)
        parser.add_argument("--json", action="store_true", help="print the report as JSON")

    def handle(self, *args, match, json=False, **options):
        found = Match.objects.filter(pk=match).first()
        if found is None:
            raise CommandError(f"no match {match}")
        result = report(verify_match(found), match=found.pk, version=found.version, head_hash=found.head_hash)
        print_report(self.stdout, result, as_json=json)
        if not result["ok"]:
            raise SystemExit(1)
