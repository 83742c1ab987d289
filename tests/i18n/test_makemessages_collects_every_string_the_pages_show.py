"""``manage.py makemessages`` collects every string a translator needs for a new catalogue:
the templates', the views', and the engine's own display strings (contract names and the rules
that refuse a card), which the engine marks with ``N_`` because it has no Django."""

import pathlib
import re

import pytest
from django.conf import settings

from games import refusals
from games.engine import records

ENGINE_MARKED = re.compile(r'\bN_\("((?:[^"\\]|\\.)*)"\)')


@pytest.fixture(scope="module")
def catalogue(fresh):
    """The msgids of a fresh Portuguese catalogue, made by the project's makemessages."""
    return {entry.msgid for entry in fresh if not entry.obsolete}


def test_the_engines_marked_strings_are_collected(catalogue):
    engine = pathlib.Path(settings.BASE_DIR) / "games" / "engine"
    marked = {text for path in engine.glob("*.py") for text in ENGINE_MARKED.findall(path.read_text())}

    assert {"you must follow the suit led", "Copas (no hearts)", "Positiva up %(suit)s"} <= marked
    assert marked <= catalogue, sorted(marked - catalogue)


def test_every_contract_name_the_score_sheets_show_is_collected(catalogue):
    names = {label for labels in records.NEGATIVE_LABELS.values() for label in labels.values()}
    names |= {
        records.TRUMP_LABEL,
        records.NO_CONTRACT,
        *records.POSITIVE_LABELS.values(),
        *records.BID_LABELS.values(),
        *records.END_LABELS.values(),
        *records.CANCEL_LABELS.values(),
    }

    assert names <= catalogue, sorted(names - catalogue)


def test_the_views_and_templates_strings_are_collected(catalogue):
    reasons = {str(text) for text in refusals.REFUSALS.values()}

    assert reasons <= catalogue, sorted(reasons - catalogue)
    assert "The score sheet, with every contract" in catalogue  # templates/games/_table.html
