"""The standings CSV opens cleanly in a spreadsheet: every line, the header included, has the
same columns (the root hash is the last column, the same on every row, and an X-Root-Hash
header; no line of its own above the header), it reads back with csv.reader, and a name that a
spreadsheet would run as a formula (=, +, -, @ first) is written as text, with an apostrophe."""

import csv
import io

import pytest
from django.test import Client

from tournaments import read
from tournaments.service import creation, entries
from tournaments.standings import spreadsheet_text

pytestmark = pytest.mark.django_db


def download(tournament):
    response = Client().get(f"/api/v1/tournaments/{tournament.pk}/standings/?export=csv")
    assert response.status_code == 200
    return response, list(csv.reader(io.StringIO(response.content.decode())))


def test_every_row_has_the_headers_columns_and_the_root_hash_last(finished_tournament):
    tournament, _ = finished_tournament
    response, rows = download(tournament)
    header, body = rows[0], rows[1:]
    assert header[:2] == ["rank", "name"] and header[-1] == "root_hash"
    assert len(body) == 4 and {len(row) for row in rows} == {len(header)}
    root_hash = read.root_hash(tournament)
    assert response["X-Root-Hash"] == root_hash and {row[-1] for row in body} == {root_hash}
    # Written back by csv.writer, the rows are the same text: nothing a reader had to guess.
    again = io.StringIO()
    csv.writer(again, lineterminator="\n").writerows(rows)
    assert again.getvalue() == response.content.decode()


@pytest.mark.parametrize("name", ["=HYPERLINK(1)", "+1", "-2+3", "@SUM(A1)"])
def test_a_name_a_spreadsheet_would_run_as_a_formula_is_text(organiser, make_bot, name):
    tournament = creation.do_create_tournament(organiser, "Formulas", "king", {}, "swiss", 1)
    entries.do_register(tournament.pk, organiser, bot=make_bot(name=name))
    entries.do_register(tournament.pk, organiser, bot=make_bot(name="plain"))
    _response, rows = download(tournament)
    names = {row[1] for row in rows[1:]}
    assert names == {"'" + name, "plain"}
    assert not any(cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row[1:3])


def test_only_text_that_starts_a_formula_is_changed():
    assert spreadsheet_text("Ada") == "Ada" and spreadsheet_text("a=b") == "a=b"
    assert spreadsheet_text("=1") == "'=1" and spreadsheet_text("\t=1") == "'\t=1"
