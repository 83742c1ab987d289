"""``manage.py makemessages`` collects every string a translator needs for a new catalogue:
the templates', the views', and the engine's own display strings (contract names and the rules
that refuse a card), which the engine marks with ``N_`` because it has no Django."""

import pathlib
import re

import pytest
from django.conf import settings
from django.core.management import call_command

from games import refusals
from games.engine import records

ENGINE_MARKED = re.compile(r'\bN_\("((?:[^"\\]|\\.)*)"\)')
MSGID = re.compile(r'^msgid "((?:[^"\\]|\\.)*)"$', re.M)  # one line each: made with no_wrap


def unescape(text):
    return text.replace('\\"', '"').replace("\\\\", "\\")


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory):
    """A fresh Portuguese catalogue, made by the project's makemessages into a scratch folder."""
    locale = tmp_path_factory.mktemp("locale")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(settings.BASE_DIR)
        patch.setattr(settings, "LOCALE_PATHS", [str(locale)])
        call_command(
            "makemessages",
            locale=["pt_BR"],
            verbosity=0,
            no_wrap=True,
            ignore_patterns=["var/*", "tests/*", "bench/*", "tools/*"],
        )
    po = (locale / "pt_BR" / "LC_MESSAGES" / "django.po").read_text()
    return {unescape(text) for text in MSGID.findall(po)}


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
