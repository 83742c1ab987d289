"""The games app is grouped by purpose into rooms, each a subpackage (docs/architecture.md
§2.2), stacked so that a room imports only the rooms below it: the rules engine; the
foundations every room may use (the models, the refusals and their catalogue, the declared
hooks, the card words); the record (the event log, its triggers, receipts, exports, the audit,
the verifier); accounts, tokens and rate limits; the match service; live delivery (pub/sub,
long polls, streams); and at the top the pages, the match API and the app's wiring.

Every import counts, at the top of a module or inside a function (except under
``if TYPE_CHECKING:``). A failure names the file and line of each import that reaches up,
and a module of games that no room holds (a new module must be given a room here and in
docs/architecture.md).
"""

from tests.architecture_imports import ROOT, import_statements, module_name, sources

# Lowest first. A module belongs to the first room one of whose prefixes its name starts with.
ROOMS = (
    ("the rules engine", ("games.engine",)),
    (
        "foundations",
        (
            "games.models",
            "games.errors",
            "games.hooks",
            "games.outages",
            "games.sql_once",
            "games.offer",
            "games.refusals",
            "games.templatetags",
        ),
    ),
    ("the record", ("games.record",)),
    ("accounts, tokens and limits", ("games.accounts",)),
    ("the match service", ("games.service",)),
    ("live delivery", ("games.live",)),
    (
        "pages, the match API and the wiring",
        (
            "games.pages",
            "games.api",
            "games.api_score_tables",
            "games.forms",
            "games.apps",
            "games.tasks",
            "games.management",
        ),
    ),
)


def room_of(module):
    """(height, name) of the room holding ``module``, or None for a module no room holds."""
    if module == "games":
        return 0, "the package"  # its __init__ is empty: `from games import engine` names the engine
    for height, (name, prefixes) in enumerate(ROOMS):
        if any(module == prefix or module.startswith(prefix + ".") for prefix in prefixes):
            return height, name
    return None


def reaching_up(root=ROOT):
    """(file:line, importer's room, imported module, its room) for every import that reaches a
    higher room, and (file, None, None, None) for every module no room holds."""
    found = []
    for path in sources("games", root=root):
        name = module_name(path, root)
        room = room_of(name)
        if room is None:
            found.append((str(path.relative_to(root)), None, None, None))
            continue
        for line, target, names in import_statements(path, root, type_checking=False):
            for imported in [target] + [f"{target}.{n}" for n in names]:
                other = room_of(imported) if imported.startswith("games") else None
                if other is not None and other[0] > room[0] and imported != "games":
                    found.append((f"{path.relative_to(root)}:{line}", room[1], imported, other[1]))
                    break
    return found


def test_every_module_of_games_stands_in_a_room_and_imports_only_the_rooms_below_its_own():
    assert reaching_up() == []


def test_the_check_catches_an_import_that_reaches_up_and_a_module_without_a_room(tmp_path):
    record = tmp_path / "games" / "record"
    record.mkdir(parents=True)
    (tmp_path / "games" / "__init__.py").write_text("")
    (record / "__init__.py").write_text("")
    (record / "eventlog.py").write_text("def later():\n    from games.service import playing\n")
    (tmp_path / "games" / "stray.py").write_text("")
    found = reaching_up(root=tmp_path)
    assert ("games/record/eventlog.py:2", "the record", "games.service", "the match service") in found
    assert ("games/stray.py", None, None, None) in found
    assert len(found) == 2
