"""Fixtures are found by name, never imported (docs/testing.md, "The cast"): the shared ones live
in tests/fixtures/, which tests/conftest.py loads for the whole suite, and a directory's own
conftest.py serves only that directory. An imported fixture is a second copy that linters flag
(F401 unused, F811 redefined by the test's argument), so the suite carries no noqa for either."""

import ast
import functools
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
NOQA_FOR_IMPORTS = re.compile(r"#\s*noqa\b[^\n]*\bF(401|811)\b")


@functools.cache
def modules():
    """{dotted name: (path, parsed tree)} of every Python file under tests/."""
    found = {}
    for path in sorted(TESTS.rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = (path, ast.parse(path.read_text(encoding="utf-8")))
    return found


def is_fixture(decorator):
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return ast.unparse(target) in ("pytest.fixture", "fixture")


def fixtures_of(tree):
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and any(map(is_fixture, node.decorator_list))
    }


def imports_from(name, path, tree):
    """(line, imported module, imported name) of every ``from ... import`` in the module,
    relative imports resolved."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module
            for alias in node.names:
                yield node.lineno, module, alias.name


def test_no_module_of_the_suite_imports_a_fixture():
    found = modules()
    fixtures = {name: fixtures_of(tree) for name, (_, tree) in found.items()}
    imported = [
        f"{path.relative_to(ROOT)}:{line} imports the fixture {imported_name} from {module}"
        for name, (path, tree) in found.items()
        for line, module, imported_name in imports_from(name, path, tree)
        if imported_name in fixtures.get(module, ()) or imported_name in fixtures.get(f"{module}.{imported_name}", ())
    ]
    assert not imported, "ask for a fixture by name; shared ones belong in tests/fixtures/:\n" + "\n".join(imported)


def test_no_module_imports_another_directorys_conftest():
    found = modules()
    crossing = [
        f"{path.relative_to(ROOT)}:{line} imports from {module}"
        for name, (path, tree) in found.items()
        for line, module, _ in imports_from(name, path, tree)
        if module.endswith(".conftest") and module.rpartition(".")[0] != name.rpartition(".")[0]
    ]
    assert not crossing, "what directories share belongs in tests/fixtures/:\n" + "\n".join(crossing)


def test_no_line_of_the_suite_silences_an_unused_or_redefined_import():
    silenced = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in sorted(TESTS.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if NOQA_FOR_IMPORTS.search(line)
    ]
    assert not silenced, "fixtures are asked for by name, not imported:\n" + "\n".join(silenced)


def test_every_module_of_the_shared_cast_is_loaded_for_the_whole_suite():
    """Every module of tests/fixtures that defines a fixture (the others hold builders)."""
    conftest = ast.parse((TESTS / "conftest.py").read_text(encoding="utf-8"))
    (plugins,) = [
        ast.literal_eval(node.value)
        for node in conftest.body
        if isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == ["pytest_plugins"]
    ]
    cast = {name for name, (_, tree) in modules().items() if name.startswith("tests.fixtures.") and fixtures_of(tree)}
    assert cast <= set(plugins), f"add to pytest_plugins in tests/conftest.py: {sorted(cast - set(plugins))}"
