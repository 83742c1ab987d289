"""``python manage.py verify_match ID [--json] [--receipts FILE ...]``: check a match's log from its first event.

Prints one line per check (chain, head, seal, end, seed, rules, and receipts when given) with the
event version where a check fails; exits 1 if any fails. ``--receipts FILE``: receipts a player
kept (the table page's "my receipts" file, the bot kit's JSON Lines, or a JSON list): each
receipted event must be in the log with its hash. A receipts file that cannot be used (not
receipts, a receipt changed or not signed by the site's key, one for another match) is refused
with the reason, and nothing is checked. See games/record/audit.py for what each check catches.
"""

from django.core.management.base import BaseCommand, CommandError

from games.models import Match
from games.record import receipts
from games.record.audit import print_report, report, verify_match


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("match", type=int)
        parser.add_argument("--json", action="store_true", help="print the report as JSON")
        parser.add_argument(
            "--receipts",
            action="append",
            default=[],
            metavar="FILE",
            help="a file of receipts the site issued for this match (repeat for several files)",
        )

    def handle(self, *args, match, json=False, receipts=(), **options):
        found = Match.objects.filter(pk=match).first()
        if found is None:
            raise CommandError(f"no match {match}")
        given = read_receipts(receipts, found.stream) if receipts else None
        result = report(
            verify_match(found, receipts=given), match=found.pk, version=found.version, head_hash=found.head_hash
        )
        print_report(self.stdout, result, as_json=json)
        if not result["ok"]:
            raise SystemExit(1)


def read_receipts(paths, stream):
    """Every receipt of the files, checked (games.record.receipts.checked), numbered across the files
    in order; CommandError names the file and the receipt that cannot be used."""
    given = []
    for path in paths:
        try:
            with open(path, "rb") as f:
                found = receipts.parse(f.read())
            checked = receipts.checked(found, stream)
        except OSError as e:
            raise CommandError(f"cannot read the receipts file {path}: {e.strerror or e}") from e
        except receipts.ReceiptError as e:
            raise CommandError(f"{path}: {e.message}") from e
        given += [(len(given) + number, receipt) for number, receipt in checked]
    return given
