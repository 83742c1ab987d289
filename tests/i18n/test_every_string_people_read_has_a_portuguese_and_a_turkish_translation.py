"""Every msgid of the project (templates, Python, the engine's ``N_`` records) has a Brazilian
Portuguese and a Turkish translation: none missing, none empty, none fuzzy, and each keeps its
msgid's placeholders (msgfmt's own check). A new string without its translations fails here,
Kings in the Corner's pages and messages included, the day they are added."""

import shutil
import subprocess

import polib
import pytest

from .english import LOCALE

LANGUAGES = ["pt_BR", "tr"]


@pytest.fixture(scope="module")
def msgids(fresh):
    """Every (context, msgid) the project's makemessages collects now."""
    return {(entry.msgctxt, entry.msgid) for entry in fresh if not entry.obsolete}


def catalogue(language):
    return polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po"))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_msgid_is_in_the_catalogue(msgids, language):
    held = {(entry.msgctxt, entry.msgid) for entry in catalogue(language) if not entry.obsolete}

    missing = sorted(msgid for _, msgid in msgids - held)
    assert not missing, f"{len(missing)} strings lack a {language} entry (manage.py makemessages): {missing[:20]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_entry_is_empty_or_fuzzy(language):
    po = catalogue(language)

    empty = [e.msgid for e in po if not e.obsolete and not e.translated() and "fuzzy" not in e.flags]
    fuzzy = [e.msgid for e in po if not e.obsolete and "fuzzy" in e.flags]
    assert not empty, f"{len(empty)} {language} entries are empty: {empty[:20]}"
    assert not fuzzy, f"{len(fuzzy)} {language} entries are fuzzy (check them, then clear the flag): {fuzzy[:20]}"
    assert not po.metadata_is_fuzzy


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translation_keeps_its_placeholders(language, tmp_path):
    msgfmt = shutil.which("msgfmt")
    assert msgfmt, "gettext's msgfmt is missing (make system-packages installs it)"
    po = LOCALE / language / "LC_MESSAGES" / "django.po"

    checked = subprocess.run(
        [msgfmt, "--check", "-o", str(tmp_path / "django.mo"), str(po)], capture_output=True, text=True
    )

    assert checked.returncode == 0, checked.stderr


def test_a_missing_or_fuzzy_entry_is_caught(tmp_path):
    """The nets above hold: an empty and a fuzzy entry are what polib reports as such."""
    po = polib.POFile()
    po.append(polib.POEntry(msgid="Deal", msgstr=""))
    po.append(polib.POEntry(msgid="Trick", msgstr="Vaza", flags=["fuzzy"]))
    po.save(str(tmp_path / "django.po"))
    loaded = polib.pofile(str(tmp_path / "django.po"))

    assert [e.msgid for e in loaded if not e.translated() and "fuzzy" not in e.flags] == ["Deal"]
    assert [e.msgid for e in loaded if "fuzzy" in e.flags] == ["Trick"]
