"""No app's modules import one another in a circle: inside games (its engine included), bots
and tournaments, following the imports from any module never leads back to it.

A circle makes the order the modules load in matter (one of them meets the other half made),
and leaves no answer to which of them stands below the other; an import moved inside a
function only hides it. So every import counts, at the top of a module or inside a function,
except those under ``if TYPE_CHECKING:``, which never run. ``from package import module``
depends on that module, not on the package's ``__init__``; ``from package import name`` (a
name the ``__init__`` defines) depends on the ``__init__``. A failure names each circle and
every import that closes it, by file and line; the cure is to move the shared piece into a
module below both (docs/architecture.md §2.2).
"""

import pytest

from tests.architecture_imports import APPS, ROOT, import_statements, module_name, sources


def module_graph(app, root=ROOT):
    """{module: {module of the same app it imports: [lines]}} for every module of ``app``."""
    paths = {module_name(path, root): path for path in sources(app, root=root)}
    graph = {}
    for name, path in paths.items():
        edges = graph[name] = {}
        for line, target, names in import_statements(path, root, type_checking=False):
            imported = [f"{target}.{n}" for n in names if f"{target}.{n}" in paths]
            if len(imported) < len(names) or not names:  # a name its module defines, or ``import x``
                imported.append(target)
            for module in imported:
                if module in paths and module != name:
                    edges.setdefault(module, []).append(line)
    return graph


def circles(graph):
    """The modules that import one another in a circle, one sorted list per circle (the
    strongly connected components of more than one module, by Tarjan's algorithm)."""
    order, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(module):
        order[module] = low[module] = len(order)
        stack.append(module)
        on_stack.add(module)
        for imported in graph[module]:
            if imported not in order:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], order[imported])
        if low[module] == order[module]:
            component = []
            while not component or component[-1] != module:
                component.append(stack.pop())
                on_stack.discard(component[-1])
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in order:
            visit(module)
    return sorted(found)


def report(app, root=ROOT):
    """One paragraph per circle of ``app``: its modules, then each import inside it."""
    graph = module_graph(app, root)
    lines = []
    for circle in circles(graph):
        lines.append(f"{len(circle)} modules in a circle: {', '.join(circle)}")
        for module in circle:
            for imported, at in sorted(graph[module].items()):
                if imported in circle:
                    lines.append(f"    {module} imports {imported} (line {', '.join(map(str, at))})")
    return lines


def test_the_circle_finder_catches_a_sample(tmp_path):
    # Three modules in a circle, closed by an import inside a function and by a submodule
    # taken from the package: found. Beside them, no circle: fold.py takes a submodule from
    # the package whose __init__ imports fold.py (that is no import of the __init__), and
    # pure.py imports fold.py only for type checkers.
    app = tmp_path / "sample"
    app.mkdir()
    (app / "__init__.py").write_text("from .fold import fold_all\n")
    (app / "a.py").write_text("from . import b\n")
    (app / "b.py").write_text("def f():\n    from sample.c import g\n")
    (app / "c.py").write_text("from sample import a, fold_all\n")
    (app / "fold.py").write_text("from . import pure\n")
    (app / "pure.py").write_text("import typing\nif typing.TYPE_CHECKING:\n    from .fold import fold_all\n")

    assert circles(module_graph("sample", tmp_path)) == [["sample.a", "sample.b", "sample.c"]]
    assert report("sample", tmp_path) == [
        "3 modules in a circle: sample.a, sample.b, sample.c",
        "    sample.a imports sample.b (line 1)",
        "    sample.b imports sample.c (line 2)",
        "    sample.c imports sample.a (line 1)",
    ]


def test_the_scan_reads_each_apps_own_imports():
    # An empty graph has no circle: make sure the scan sees the real modules and their imports.
    for app in APPS:
        graph = module_graph(app)
        assert len(graph) >= 20, app
        assert sum(len(edges) for edges in graph.values()) >= len(graph), app


@pytest.mark.parametrize("app", APPS)
def test_no_app_imports_itself_in_a_circle(app):
    found = report(app)
    assert not found, f"{app} imports itself in a circle; move the shared piece below:\n" + "\n".join(found)
