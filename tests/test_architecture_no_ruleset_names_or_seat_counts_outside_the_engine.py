"""A game is data (docs/architecture.md §3.2a): outside ``games/engine/`` nothing names a ruleset or
assumes a seat count; it asks ``RULESETS[name]``.

Every .py and .html file of the project outside the engine, the tests and the migrations is
read for the literals that gave the old assumptions away, and the API's documentation (the
README and docs/, beside the help texts and schema descriptions in the code) for numeric seat
bounds: a seat is 0 to the match's ``num_seats`` - 1, never "0-3". A failure lists each as
file:line.
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
# Numeric seat bounds (issue 31: a replay refused seat 5 of a six-seat table as "an integer from
# 0 to 3"): a range of seats written out, bounds passed as 0 and 3, a seat compared with 3 or 4.
SEAT_BOUNDS = {
    "a seat range 0 to 3 written out": re.compile(r"(?<![\w.])0\s*(?:-|–|\.\.|to)\s*3(?![\w.])"),
    "bounds 0 and 3": re.compile(r"(?<![\w.])0,\s*3\s*\)"),
    "a loop from 0 to four": re.compile(r"range\(0,\s*4\)"),
    "a maximum of 3": re.compile(r"max_value\s*=\s*3\b"),
    "a seat compared with 3 or 4": re.compile(r"\bseat\w*\s*(?:<=\s*3|<\s*4)\b|\b(?:3\s*>=|4\s*>)\s*seat"),
}
PATTERNS.update(SEAT_BOUNDS)
# The API's documentation is read for the seat bounds alone (it names the rulesets by design).
DOCUMENTS = ("README.md", "docs/*.md")
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


def documents(root=ROOT):
    for pattern in DOCUMENTS:
        yield from sorted(root.glob(pattern))


def hits(path, root=ROOT, patterns=PATTERNS):
    """ "file:line: what (the line)" for each literal the file holds."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for what, pattern in patterns.items():
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


def test_each_seat_bound_pattern_catches_a_four_seat_bound_and_nothing_like_it(tmp_path):
    sample = tmp_path / "sample.py"
    caught = [
        'seat = int_param(request, "seat", -1, 0, 3)',
        'OpenApiParameter("seat", str, description="0-3, or \'all\'")',
        "help_text='each {\"seat\": 0..3}'",
        "seat must be 0 to 3",
        "for seat in range(0, 4): pass",
        "seat = serializers.IntegerField(min_value=0, max_value=3)",
        "if seat < 4: pass",
        "assert 0 <= seat <= 3",
        "ok = 4 > seat",
    ]
    alike = [
        'seat = int_param(request, "seat", -1, 0, match.num_seats - 1)',
        "a delay of 0-300 s, 10-3 and 2020-03, 0.3 to 0.5",
        "x = f(10, 3)",
        "seats < 40",
    ]
    sample.write_text("\n".join(caught + alike) + "\n")
    found = [int(hit.split(":")[1]) for hit in hits(sample, tmp_path, SEAT_BOUNDS)]
    assert found == list(range(1, len(caught) + 1))


def test_the_api_documentation_states_no_seat_bound_of_a_four_seat_table():
    assert {path.relative_to(ROOT).as_posix() for path in documents()} >= {"README.md", "docs/events.md"}
    found = [hit for path in documents() for hit in hits(path, patterns=SEAT_BOUNDS)]
    assert not found, "a seat is 0 to the table's num_seats - 1:\n" + "\n".join(found)


def test_no_ruleset_name_or_seat_count_literal_outside_the_engine_and_the_tests():
    found = [hit for path in sorted(scanned_files()) for hit in hits(path)]
    assert not found, (
        "ask games.engine.RULESETS instead of naming a ruleset or a seat count "
        f"({len(found)} places):\n" + "\n".join(found)
    )
