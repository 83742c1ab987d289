"""``python manage.py export_log --match ID | --tournament ID [-o FILE]``: the event log as JSON Lines.

Writes the ``kingrifki-log/2`` export (docs/events.md) of one match or one tournament to
standard output or to FILE; ``python tools/verify_export.py FILE`` checks it. Seeds are in
it only when they are public (a finished match with public cards, a finished tournament).
"""

from django.core.management.base import BaseCommand, CommandError

from games.models import Match
from games.service import access
from tournaments.export import tournament_export_lines
from tournaments.models import Tournament


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        which = parser.add_mutually_exclusive_group(required=True)
        which.add_argument("--match", type=int, metavar="ID", help="export this match's stream")
        which.add_argument(
            "--tournament", type=int, metavar="ID", help="export this tournament's stream and every match it drew"
        )
        parser.add_argument("-o", "--output", metavar="FILE", help="write here instead of to standard output")

    def handle(self, *args, match=None, tournament=None, output=None, **options):
        lines = self.match_lines(match) if match is not None else self.tournament_lines(tournament)
        if output:
            with open(output, "w", encoding="utf-8", newline="\n") as out:
                count = self.write(out, lines)
            self.stderr.write(f"wrote {count} lines to {output}")
        else:
            self.write(self.stdout, lines)

    @staticmethod
    def match_lines(match_id):
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            raise CommandError(f"no match {match_id}")
        return access.public_export(match)

    @staticmethod
    def tournament_lines(tournament_id):
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is None:
            raise CommandError(f"no tournament {tournament_id}")
        return tournament_export_lines(tournament)

    @staticmethod
    def write(out, lines):
        count = 0
        for line in lines:
            out.write(line + "\n")
            count += 1
        return count
