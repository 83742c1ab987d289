"""Where the site raises each error code, read from the source (games.errors.CATALOGUE).

A raise site is a call ``ServiceError("code", detail=...)``, or ``super().__init__("code", ...)``
in a subclass of it. A code passed in through a parameter (``ServiceError(refusal, ...)``) is
read from the calls of that function in the same module: a literal, or a module-level dict's
values when a call passes ``DICT[key]``."""

import ast
import pathlib
import typing

ROOT = pathlib.Path(__file__).resolve().parent.parent
ROOMS = ("games", "bots", "tournaments", "config")


class RaiseSite(typing.NamedTuple):
    code: str
    details: frozenset  # the names of the details it passes
    spreads: bool  # passes ``**mapping`` too: details this scan cannot name
    where: str


def _is_raise(call, in_subclass):
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    if name == "ServiceError":
        return True
    return (
        in_subclass
        and name == "__init__"
        and isinstance(func.value, ast.Call)
        and getattr(func.value.func, "id", None) == "super"
    )


def _codes_passed_for(tree, function, parameter):
    """The string literals that calls of ``function`` in ``tree`` pass for ``parameter``."""
    index = [a.arg for a in function.args.args].index(parameter)
    codes = []
    for call in ast.walk(tree):
        if isinstance(call, ast.Call) and getattr(call.func, "id", None) == function.name:
            given = [k.value for k in call.keywords if k.arg == parameter]
            given += call.args[index : index + 1]
            codes += [g.value for g in given if isinstance(g, ast.Constant) and isinstance(g.value, str)]
            codes += [code for g in given if isinstance(g, ast.Subscript) for code in _dict_values(tree, g.value)]
    return codes


def _dict_values(tree, name):
    """The string values of the module-level dict ``name`` (``CODES[status]`` passes one of them)."""
    for statement in tree.body:
        if (
            isinstance(statement, ast.Assign)
            and isinstance(name, ast.Name)
            and any(getattr(target, "id", None) == name.id for target in statement.targets)
            and isinstance(statement.value, ast.Dict)
        ):
            return [v.value for v in statement.value.values if isinstance(v, ast.Constant) and isinstance(v.value, str)]
    return []


def _sites_in(path):
    tree = ast.parse(path.read_text(), filename=str(path))
    where = str(path.relative_to(ROOT))
    sites = []

    def visit(node, function=None, in_subclass=False):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                bases = {getattr(b, "id", getattr(b, "attr", None)) for b in child.bases}
                visit(child, function, "ServiceError" in bases)
                continue
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, child, in_subclass)
                continue
            if isinstance(child, ast.Call) and _is_raise(child, in_subclass) and child.args:
                details = frozenset(k.arg for k in child.keywords if k.arg)
                spreads = any(k.arg is None for k in child.keywords)
                first = child.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    codes = [first.value]
                elif isinstance(first, ast.Name) and function is not None:
                    codes = _codes_passed_for(tree, function, first.id)
                else:
                    codes = [None]  # a code this scan cannot read: the test names the place
                at = f"{where}:{child.lineno}"
                sites.extend(RaiseSite(code, details, spreads, at) for code in codes)
            visit(child, function, in_subclass)

    visit(tree)
    return sites


def raise_sites():
    return [
        site
        for room in ROOMS
        for path in sorted((ROOT / room).rglob("*.py"))
        if "migrations" not in path.parts and path != ROOT / "games" / "errors.py"
        for site in _sites_in(path)
    ]
