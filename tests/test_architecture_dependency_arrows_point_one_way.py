"""The architecture's arrows point one way: tournaments -> bots -> games -> games.engine.

Read from the source with ``ast`` (nothing is imported), so an import hidden inside a function
counts as much as one at the top of a module. A failure names the file and line of every
offending import.

- ``games`` (``games.engine`` included) never imports ``bots`` or ``tournaments``;
- ``bots`` never imports ``tournaments``;
- ``games.engine`` imports the standard library and itself, nothing else (no Django, no DRF, no
  Celery): it runs, is compiled and is verified outside the site;
- no module imports an app's ``management.commands``: a command is a thin shell over a plain
  module, which is what other code imports.
"""

import sys

import pytest

from tests.architecture_imports import APPS, ROOT, imports, sources

# What each app may not import: the arrows' heads point away from it.
FORBIDDEN = {"games": ("bots", "tournaments"), "bots": ("tournaments",)}
ENGINE = "games.engine"


def within(name, package):
    return name == package or name.startswith(package + ".")


def offending(paths, is_offence):
    """ "file:line: imports name" for each line of ``paths`` with an import ``is_offence`` flags
    (one entry a line: ``from x import a, b`` is one offence)."""
    found = {}
    for path in paths:
        for line, name in imports(path):
            if is_offence(name):
                found.setdefault((path, line), name)
    return [f"{path.relative_to(ROOT)}:{line}: imports {name}" for (path, line), name in found.items()]


def test_the_apps_exist_where_the_scan_looks():
    # An empty scan would pass every test below: make sure it reads the real tree.
    for app in APPS:
        assert (ROOT / app / "__init__.py").is_file(), app
    assert len(list(sources(ENGINE.replace(".", "/")))) >= 5


def test_the_import_reader_sees_every_kind_of_import(tmp_path):
    # The checks below are only as good as the reader: a plain, a from, a relative, a nested
    # and a dynamic import must all come out as absolute names.
    package = tmp_path / "games" / "engine"
    package.mkdir(parents=True)
    source = package / "sample.py"
    source.write_text(
        "import os\nfrom . import cards\nfrom ..service import x\n"
        "def f():\n    import bots.models\n    importlib.import_module('django.conf')\n"
    )
    assert set(imports(source, root=tmp_path)) == {
        (1, "os"),
        (2, "games.engine"),
        (2, "games.engine.cards"),
        (3, "games.service"),
        (3, "games.service.x"),
        (5, "bots.models"),
        (6, "django.conf"),
    }


@pytest.mark.parametrize("app", sorted(FORBIDDEN))
def test_an_app_never_imports_the_apps_that_depend_on_it(app):
    offences = offending(sources(app), lambda name: any(within(name, head) for head in FORBIDDEN[app]))
    assert not offences, f"{app} must not import {' or '.join(FORBIDDEN[app])}:\n" + "\n".join(offences)


def test_the_engine_imports_only_the_standard_library_and_itself():
    stdlib = sys.stdlib_module_names
    offences = offending(
        sources(ENGINE.replace(".", "/")),
        lambda name: not within(name, ENGINE) and name.partition(".")[0] not in stdlib,
    )
    assert not offences, "games.engine imports only the standard library and itself:\n" + "\n".join(offences)


def test_no_module_imports_a_management_command():
    offences = offending(
        sources(*APPS, "config", "tools", "bench"),
        lambda name: any(within(name, f"{app}.management.commands") for app in APPS),
    )
    assert not offences, (
        "a management command is a shell over a plain module; import that module instead:\n" + "\n".join(offences)
    )
