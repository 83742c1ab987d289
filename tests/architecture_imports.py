"""What the architecture tests share: the repository's Python sources and every import in them,
read with ``ast`` (nothing is imported), so that an import hidden inside a function counts as
much as one at the top of a module. Two tests use it: the arrows between the apps
(tests/test_architecture_dependency_arrows_point_one_way.py) and the circles inside one
(tests/test_architecture_no_import_circle_inside_an_app.py)."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = ("games", "bots", "tournaments")


def module_name(path, root=ROOT):
    """The dotted name of a source file under ``root`` (a package's __init__ is the package)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def sources(*packages, root=ROOT):
    """The .py files of ``packages`` (folders under ``root``), migrations left out."""
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def import_statements(path, root=ROOT, type_checking=True):
    """(line, absolute module name, names) for every import in the file: relative ones resolved,
    ``names`` what a ``from`` import takes (empty for ``import x``), and
    ``importlib.import_module("...")`` / ``__import__("...")`` calls with a literal name.
    ``type_checking=False`` leaves out what stands under ``if TYPE_CHECKING:``, which never runs."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    skipped = set() if type_checking else _under_type_checking(tree)
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, ()
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module
            yield node.lineno, target, tuple(alias.name for alias in node.names if alias.name != "*")
        elif (
            isinstance(node, ast.Call)
            and _is_dynamic_import(node.func)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.lineno, node.args[0].value, ()


def imports(path, root=ROOT):
    """(line, absolute module name) for every import in the file. ``from pkg import module``
    imports pkg.module too: each name taken counts as a submodule as well."""
    for line, target, names in import_statements(path, root):
        yield line, target
        for name in names:
            yield line, f"{target}.{name}"


def _under_type_checking(tree):
    """The ids of every node inside the body of an ``if TYPE_CHECKING:`` (or
    ``if typing.TYPE_CHECKING:``); its ``else`` runs, and is read."""
    inside = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _names_type_checking(node.test):
            for statement in node.body:
                inside.update(id(sub) for sub in ast.walk(statement))
    return inside


def _names_type_checking(test):
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _is_dynamic_import(func):
    if isinstance(func, ast.Name):
        return func.id in ("__import__", "import_module")
    return isinstance(func, ast.Attribute) and func.attr == "import_module"
