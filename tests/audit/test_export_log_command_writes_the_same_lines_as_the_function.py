"""manage.py export_log writes the export functions' lines, to standard output or to a file."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from games.service.access import public_export
from tournaments.export import tournament_export_lines

pytestmark = pytest.mark.django_db


def comparable(lines):
    """The lines as records, without the header's time of export."""
    records = [json.loads(line) for line in lines]
    del records[0]["exported_at"]
    return records


def test_the_match_export_on_standard_output_is_the_functions_lines(finished_match_export):
    match, _ = finished_match_export
    out = io.StringIO()
    call_command("export_log", "--match", str(match.pk), stdout=out)
    assert out.getvalue().endswith("\n")
    assert comparable(out.getvalue().splitlines()) == comparable(public_export(match))


def test_the_tournament_export_written_to_a_file_is_the_functions_lines(finished_tournament, tmp_path, verifier):
    tournament, _ = finished_tournament
    path = tmp_path / "t.jsonl"
    call_command("export_log", "--tournament", str(tournament.pk), "-o", str(path), stderr=io.StringIO())
    written = path.read_text(encoding="utf-8").splitlines()
    assert comparable(written) == comparable(tournament_export_lines(tournament))
    assert verifier(path)[0] == 0


def test_an_unknown_id_or_no_choice_is_refused(db):
    with pytest.raises(CommandError, match="no match 999"):
        call_command("export_log", "--match", "999", stdout=io.StringIO())
    with pytest.raises(CommandError, match="no tournament 999"):
        call_command("export_log", "--tournament", "999", stdout=io.StringIO())
    with pytest.raises(CommandError):
        call_command("export_log", stdout=io.StringIO())
