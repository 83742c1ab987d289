"""A game is data (docs/architecture.md §3.2a): outside ``games/engine/`` nothing names a ruleset or
assumes a seat count; it asks ``RULESETS[name]``.

Every .py and .html file of the project outside the engine, the tests and the migrations is
read for the literals that gave the old assumptions away, and the API's documentation (the
README and docs/, beside the help texts and schema descriptions in the code) for numeric seat
bounds: a seat is 0 to the match's ``num_seats`` - 1, never "0-3", and a table's size is its
descriptor's, never a number compared or written out. A game is a plug-in (issue 32): outside
the engine, only that game's own modules import one game's engine modules (the module that
registers its ruleset, and those named after it); everything else asks the descriptor. A
failure lists each as file:line.
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
# A table size as a number (issue 32): the descriptor's ``seats`` and ``num_seats`` say it. Two,
# the least any table seats, is no game's; three and up is some game's.
SEAT_BOUNDS.update(
    {
        "a table size compared with a number": re.compile(
            r"\b(?:num_seats|table_size|players|seat_count)\s*(?:[<>]=?|[=!]=)\s*(?:[3-9]|\d\d)\b"
            r"|\b(?:[3-9]|\d\d)\s*(?:[<>]=?|[=!]=)\s*(?:num_seats|table_size|players|seat_count)\b"
        ),
        "a range of table sizes written out": re.compile(
            r"\bseats\s*=\s*range\(\s*\d+\s*,\s*\d+\s*\)|(?<![\w.])[2-9]\s*(?:-|–|to)\s*[2-9]\s+(?:players|seats)\b"
        ),
    }
)
PATTERNS.update(SEAT_BOUNDS)
# The API's documentation is read for the seats of a four-seat table alone (it names the
# rulesets and their table sizes by design).
DOCUMENTS = ("README.md", "docs/*.md")
DOCUMENTED_BOUNDS = ("a table size compared with a number", "a range of table sizes written out")
# The few places where such a literal is not an assumption about a game, with the reason.
ALLOWED = {
    (
        "bench/strength.py",
        "an import of one game's engine module",
    ): "the strength benchmark deals fixed King and Rifki hands to time the trick games' strategies",
}

# A game's own engine modules: the one that registers its ruleset (a ``register(`` call at the
# start of a line), and the modules named after it (``corners_rules`` beside ``corners``).
ENGINE = ROOT / "games" / "engine"
REGISTERS = re.compile(r"^register\(", re.M)
ENGINE_IMPORT = re.compile(
    r"^\s*(?:from\s+(?:games\.engine|\.engine)\.(\w+)\s+import\b"
    r"|from\s+(?:games\.engine|\.engine)\s+import\s+\(?([\w, ]+)"
    r"|import\s+games\.engine\.(\w+))"
)


def scanned_files(root=ROOT):
    for pattern in SCANNED:
        for path in root.rglob(pattern):
            relative = path.relative_to(root)
            if SKIPPED_DIRS.intersection(relative.parts):
                continue
            if any(relative.as_posix().startswith(tree + "/") for tree in SKIPPED_TREES):
                continue
            yield path


def game_modules(engine=ENGINE):
    """{engine module: the game it belongs to} for every game's own engine modules."""
    stems = [path.stem for path in engine.glob("*.py")]
    games = {stem for stem in stems if REGISTERS.search((engine / f"{stem}.py").read_text(encoding="utf-8"))}
    return {stem: game for stem in stems for game in games if stem == game or stem.startswith(game + "_")}


def own_modules_of(relative):
    """The games a file belongs to: a directory or a name after the game (bots/strategies/corners/,
    templates/games/<game>/), or a family of strategies, which are its games' own players (any
    module under bots/strategies/ but the registry that finds them, its ``__init__.py``)."""
    if relative.startswith("bots/strategies/") and relative != "bots/strategies/__init__.py":
        return None  # every game's: a family plays the games it names
    return {part.split(".")[0] for part in relative.split("/")}


def game_imports(path, root=ROOT, games=None):
    """ "file:line: what (the line)" for each import of one game's engine module in a file that
    is not that game's own."""
    games = game_modules() if games is None else games
    relative = path.relative_to(root).as_posix()
    owners = own_modules_of(relative)
    what = "an import of one game's engine module"
    if owners is None or (relative, what) in ALLOWED:
        return []
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        matched = ENGINE_IMPORT.match(line)
        if matched is None:
            continue
        module, names, imported = matched.groups()
        named = {module or imported} if (module or imported) else {n.strip() for n in names.split(",")}
        if any(name in games and games[name] not in owners for name in named):
            found.append(f"{relative}:{number}: {what}: {line.strip()}")
    return found


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
        "games/service/playing.py",
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


def caught_lines(tmp_path, caught, alike, patterns):
    """The line numbers the patterns catch in a sample of the lines ``caught``, then ``alike``."""
    sample = tmp_path / "sample.py"
    sample.write_text("\n".join(caught + alike) + "\n")
    return [int(hit.split(":")[1]) for hit in hits(sample, tmp_path, patterns)]


def test_each_seat_bound_pattern_catches_a_four_seat_bound_and_nothing_like_it(tmp_path):
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
    assert caught_lines(tmp_path, caught, alike, SEAT_BOUNDS) == list(range(1, len(caught) + 1))


def test_each_table_size_pattern_catches_a_numeric_table_size_and_nothing_like_it(tmp_path):
    caught = [
        "if match.num_seats == 4: pass",
        "assert table_size <= 6",
        "ok = 3 < players",
        "game = Ruleset(seats=range(4, 5))",
        "help_text='a table of 2 to 6 players'",
        "'3-5 seats'",
    ]
    alike = [
        "if table_size < 2: pass",
        "if match.num_seats == game.default_seats: pass",
        "seats = range(game.seats.start, game.seats.stop)",
        "players = options.get('players', 4 * 2)",
        "a delay of 2 to 6 seconds",
    ]
    assert caught_lines(tmp_path, caught, alike, SEAT_BOUNDS) == list(range(1, len(caught) + 1))


def test_the_game_modules_are_found_by_their_registration():
    assert game_modules() == {
        "king": "king",
        "rifki": "rifki",
        "corners": "corners",
        "corners_rules": "corners",
    }


def test_the_import_check_catches_one_games_module_outside_its_own_and_nothing_else(tmp_path):
    games = {"king": "king", "rifki": "rifki", "corners": "corners", "corners_rules": "corners"}
    platform = tmp_path / "games" / "decisions.py"
    platform.parent.mkdir()
    caught = [
        "from .engine.king import DOWN_VALUE, UP_VALUE",
        "from games.engine.rifki import TRUMP",
        "from games.engine import RULESETS, corners_rules",
        "import games.engine.king",
        "    from games.engine.corners import CornersState",
    ]
    alike = [
        "from games.engine import RULESETS",
        "from .engine.state import GameState",
        "from games.engine.records import say",
        "king = RULESETS[name]",
        "# from games.engine.king import UP_VALUE, in a comment",
    ]
    platform.write_text("\n".join(caught + alike) + "\n")
    found = [int(hit.split(":")[1]) for hit in game_imports(platform, tmp_path, games)]
    assert found == list(range(1, len(caught) + 1))
    own = tmp_path / "bots" / "strategies" / "corners" / "board.py"
    own.parent.mkdir(parents=True)
    own.write_text("from games.engine.corners_rules import BASE\n")
    registry = tmp_path / "bots" / "strategies" / "__init__.py"
    registry.write_text("from games.engine.king import KingState\n")
    assert game_imports(own, tmp_path, games) == []  # the game's own strategies
    assert len(game_imports(registry, tmp_path, games)) == 1  # the registry of every family is no game's


def test_no_module_imports_one_games_engine_module_outside_that_games_own():
    found = [hit for path in sorted(scanned_files()) if path.suffix == ".py" for hit in game_imports(path)]
    assert not found, "ask the game's descriptor (RULESETS[name]) instead:\n" + "\n".join(found)


def test_the_api_documentation_states_no_seat_bound_of_a_four_seat_table():
    assert {path.relative_to(ROOT).as_posix() for path in documents()} >= {"README.md", "docs/events.md"}
    four_seats = {what: pattern for what, pattern in SEAT_BOUNDS.items() if what not in DOCUMENTED_BOUNDS}
    found = [hit for path in documents() for hit in hits(path, patterns=four_seats)]
    assert not found, "a seat is 0 to the table's num_seats - 1:\n" + "\n".join(found)


def test_no_ruleset_name_or_seat_count_literal_outside_the_engine_and_the_tests():
    found = [hit for path in sorted(scanned_files()) for hit in hits(path)]
    assert not found, (
        "ask games.engine.RULESETS instead of naming a ruleset or a seat count "
        f"({len(found)} places):\n" + "\n".join(found)
    )
