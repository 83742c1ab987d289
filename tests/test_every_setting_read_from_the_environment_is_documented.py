"""Every environment variable the site reads is documented: in docs/configuration.md, or for the
ladder's own settings in docs/bots.md ("The bots' ladder"), each as a `NAME` in its table.

The site's code (not the tests, the benchmarks or the tools, whose variables are their own) is
read for ``os.environ.get("NAME")``, ``os.environ["NAME"]`` and ``os.getenv("NAME")``.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIPPED_DIRS = {".venv", "var", ".git", "node_modules", "staticfiles", "__pycache__", "migrations"}
SKIPPED_TREES = ("tests", "bench", "tools")
READ = re.compile(r"""os\.(?:environ\.get\(|environ\[|getenv\()\s*["']([A-Z][A-Z0-9_]*)["']""")
DOCUMENTED_IN = ("docs/configuration.md", "docs/bots.md")


def site_files(root=ROOT):
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root)
        if SKIPPED_DIRS.intersection(relative.parts) or relative.parts[0] in SKIPPED_TREES:
            continue
        yield path


def variables_read(paths, root=ROOT):
    """{NAME: "file:line"} for each variable the files read, where it is first read."""
    found = {}
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for name in READ.findall(line):
                found.setdefault(name, f"{path.relative_to(root)}:{number}")
    return found


def documented(root=ROOT):
    texts = [(root / document).read_text(encoding="utf-8") for document in DOCUMENTED_IN]
    return {name for text in texts for name in re.findall(r"`([A-Z][A-Z0-9_]*)`", text)}


def test_the_scan_finds_each_way_of_reading_a_variable(tmp_path):
    sample = tmp_path / "settings.py"
    sample.write_text(
        'A = os.environ.get("ONE", "1")\nB = os.environ["TWO"]\nC = os.getenv(\'THREE\')\n'
        'D = env_bool(os.environ.get("FOUR"), default=False)\nE = settings.FIVE\n'
    )
    assert variables_read([sample], tmp_path) == {
        "ONE": "settings.py:1",
        "TWO": "settings.py:2",
        "THREE": "settings.py:3",
        "FOUR": "settings.py:4",
    }


def test_the_scan_reads_the_settings_the_gunicorn_config_and_the_engine():
    read = variables_read(site_files())
    expected = {"SECRET_KEY", "DATABASE_URL", "GUNICORN_GRACEFUL_TIMEOUT", "KINGRIFKI_ENGINE", "LADDER_TICK_SECONDS"}
    assert expected <= set(read)


def test_every_variable_the_site_reads_is_in_the_configuration_or_the_ladders_table():
    missing = {name: where for name, where in variables_read(site_files()).items() if name not in documented()}
    assert not missing, "document these in docs/configuration.md:\n" + "\n".join(
        f"{where}: {name}" for name, where in sorted(missing.items())
    )
