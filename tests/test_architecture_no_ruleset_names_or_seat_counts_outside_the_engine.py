"""A game is data (DESIGN.md 3.2a): outside ``games/engine/`` nothing names a ruleset or
assumes a seat count; it asks ``RULESETS[name]``.

Every .py and .html file of the project outside the engine, the tests and the migrations is
read for the literals that gave the old assumptions away. A failure lists each as file:line.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("*.py", "*.html")
# Directories never read: the engine is where the rulesets are defined; tests name rulesets to
# exercise them; migrations are history and may not change; the rest is not ours.
SKIPPED_DIRS = {".venv", "var", "staticfiles", "node_modules", ".git", "migrations", "__pycache__"}
SKIPPED_TREES = ("games/engine", "tests")
# What gives an assumption away: a ruleset's name in quotes, and the table of four.
PATTERNS = {
    "a ruleset's name": re.compile(r"""(["'])(king|rifki)\1"""),
    "a loop over four seats": re.compile(r"range\(4\)"),
    "a rotation modulo four": re.compile(r"%\s*4\b"),
    "four zero scores": re.compile(r"\[0, 0, 0, 0\]"),
    "a seat count of four": re.compile(r"\bSEATS\s*=\s*4\b"),
    "seat indexes up to 3": re.compile(r"index__lte=3\b"),
}
# The few places where such a literal is not an assumption about a game, with the reason.
ALLOWED = {
    (
        "tools/build_engine.py",
        "a ruleset's name",
    ): "it lists the engine's source modules to compile, and two are named king.py and rifki.py",
}


def scanned_files(root=ROOT):
    for pattern in SCANNED:
        for path in root.rglob(pattern):
            relative = path.relative_to(root)
            if SKIPPED_DIRS.intersection(relative.parts):
                continue
            if any(relative.as_posix().startswith(tree + "/") for tree in SKIPPED_TREES):
                continue
            yield path


def hits(path, root=ROOT):
    """ "file:line: what (the line)" for each literal the file holds."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for what, pattern in PATTERNS.items():
            allowed = (path.relative_to(root).as_posix(), what) in ALLOWED
            if pattern.search(line) and not allowed:
                found.append(f"{path.relative_to(root)}:{number}: {what}: {line.strip()}")
    return found


def test_the_scan_reads_the_apps_templates_and_tools_but_not_the_engine_or_the_tests():
    read = {path.relative_to(ROOT).as_posix() for path in scanned_files()}
    for expected in (
        "games/service.py",
        "bots/runner.py",
        "tournaments/standings.py",
        "templates/tournaments/new.html",
        "bench/tournament.py",
        "tools/verify_export.py",
    ):
        assert expected in read
    assert not any(path.startswith(("games/engine/", "tests/")) or "/migrations/" in path for path in read)


def test_each_pattern_catches_the_literal_it_is_about(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "a = \"king\"\nb = 'rifki'\nfor s in range(4): pass\nn = (s + 1) % 4\n"
        'z = [0, 0, 0, 0]\nSEATS = 4\nq = Q(index__lte=3)\nking = "kings_corner" % 40\n'
    )
    assert [hit.split(":")[1] for hit in hits(sample, tmp_path)] == ["1", "2", "3", "4", "5", "6", "7"]


def test_no_ruleset_name_or_seat_count_literal_outside_the_engine_and_the_tests():
    found = [hit for path in sorted(scanned_files()) for hit in hits(path)]
    assert not found, (
        "ask games.engine.RULESETS instead of naming a ruleset or a seat count "
        f"({len(found)} places):\n" + "\n".join(found)
    )
