"""``manage.py makemessages`` collects every string a translator needs for a new catalogue:
the templates', the views', and the engine's own display strings (contract names and the rules
that refuse a card), which the engine marks with ``N_`` because it has no Django."""

import pathlib
import re

import pytest
from django.conf import settings
from django.utils import translation

from games import refusals
from games.engine import RULESETS, king, records, rifki

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
    names = {*king.NEGATIVE_LABELS.values(), *rifki.NEGATIVE_LABELS.values()}
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
    with translation.override(None):  # the msgids themselves, whatever language a test left active
        reasons = {str(text) for text in refusals.REFUSALS.values()}
    reasons |= {text for game in RULESETS.values() for text in game.refusals.values()}
    reasons |= {text for game in RULESETS.values() for text in game.action_labels.values()}

    assert reasons <= catalogue, sorted(reasons - catalogue)
    assert "The score sheet, with every contract" in catalogue  # templates/games/_table.html


MARKERS = {"N_", "_", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy", "pgettext", "pgettext_lazy"}


def marked_in_python():
    """(file, string) for every string literal passed to a translation function in the
    project's Python, wherever it stands: an f-string's braces included, which xgettext skips."""
    import ast

    found = set()
    for package in ("games", "bots", "tournaments", "config"):
        for path in (pathlib.Path(settings.BASE_DIR) / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                name = getattr(node, "func", None)
                name = getattr(name, "id", None) or getattr(name, "attr", None)
                if isinstance(node, ast.Call) and name in MARKERS and node.args:
                    texts = (
                        node.args[1:3]
                        if name.startswith("p")
                        else node.args[:2]
                        if "ngettext" in name
                        else node.args[:1]
                    )
                    for arg in texts:
                        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                            found.add((str(path.relative_to(settings.BASE_DIR)), arg.value))
    return found


def test_every_string_python_marks_is_collected_even_inside_an_f_string(fresh):
    collected = {entry.msgid for entry in fresh} | {entry.msgid_plural for entry in fresh if entry.msgid_plural}
    marked = marked_in_python()

    assert len(marked) > 300
    assert not sorted(item for item in marked if item[1] not in collected)
