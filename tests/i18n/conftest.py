"""A fresh catalogue made by the project's own makemessages, as a translator would start one."""

import shutil

import polib
import pytest
from django.conf import settings
from django.core.management import call_command

SOURCES = ["config", "games", "bots", "tournaments", "templates", "manage.py"]


def fresh_catalogue(tmp_path_factory):
    """Every entry makemessages collects from the project now. It runs on a copy of the
    sources: run in the project, it would merge into locale/ itself (makemessages writes a
    file's strings into the locale folder beside it), the catalogues under test."""
    copy = tmp_path_factory.mktemp("project")
    for name in SOURCES:
        source = settings.BASE_DIR / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"))
        else:
            shutil.copy(source, copy / name)
    (copy / "locale").mkdir()
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(copy)
        patch.setattr(settings, "LOCALE_PATHS", [str(copy / "locale")])
        call_command("makemessages", locale=["pt_BR"], verbosity=0)
    return polib.pofile(str(copy / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po"))


@pytest.fixture(scope="session")
def fresh(tmp_path_factory):
    return fresh_catalogue(tmp_path_factory)
