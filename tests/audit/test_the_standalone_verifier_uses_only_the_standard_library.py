"""The verifier is one file an outsider can run anywhere (``verify_export.pyz``, the verifier and
the rules engine's sources): every module it holds imports only the standard library or another
module it holds, and it runs isolated (``python -I -S``: no site-packages, no environment, no
current directory) from a directory holding nothing but the file, loading nothing from outside it."""

import ast
import io
import sys
import zipfile

import pytest

from tests.fixtures.verifier import run_alone

pytestmark = pytest.mark.django_db


def modules_held(archive):
    """{module name: its source} of every Python module the archive holds."""
    held = {}
    for name in archive.namelist():
        if name.endswith(".py"):
            module = name[: -len(".py")].replace("/", ".")
            held[module.removesuffix(".__init__")] = archive.read(name).decode("utf-8")
    return held


def imported(module, source, is_package):
    """The absolute names of the modules ``source`` imports (relative imports resolved)."""
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = module if is_package else module.rpartition(".")[0]
                for _ in range(node.level - 1):
                    package = package.rpartition(".")[0]
                base = f"{package}.{node.module}" if node.module else package
            else:
                base = node.module
            names.append(base)
            names += [f"{base}.{alias.name}" for alias in node.names]  # a submodule, or a name in base
    return names


def test_every_module_in_the_file_imports_the_standard_library_or_a_module_of_the_file(verifier_file):
    archive = zipfile.ZipFile(io.BytesIO(verifier_file.read_bytes()))
    held = modules_held(archive)
    assert {"__main__", "verify_export", "games", "games.engine", "games.engine.verify"} <= set(held)
    outside = []
    for module, source in held.items():
        is_package = f"{module.replace('.', '/')}/__init__.py" in archive.namelist()
        for name in imported(module, source, is_package):
            top = name.split(".")[0]
            if top in sys.stdlib_module_names:
                continue
            if name not in held and name.rpartition(".")[0] not in held:  # a module, or a name in one
                outside.append(f"{module}: {name}")
    assert not outside, outside
    assert not any(name.endswith((".so", ".pyd", ".pyc")) for name in archive.namelist())  # sources only


def test_the_file_runs_isolated_and_loads_nothing_from_outside_it(verifier_file, tmp_path):
    program = tmp_path / "probe.py"
    program.write_text(
        "import runpy, sys, sysconfig\n"
        f"sys.argv = [{str(verifier_file)!r}, '--help']\n"
        "try:\n"
        f"    runpy.run_path({str(verifier_file)!r}, run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
        f"inside = (sysconfig.get_paths()['stdlib'], {str(verifier_file)!r})\n"
        "files = [getattr(m, '__file__', None) or '' for m in list(sys.modules.values())]\n"
        "outside = sorted(f for f in files if f and f != __file__ and not f.startswith(inside))\n"
        "print('ENGINE', sys.modules['games.engine'].__file__)\n"
        "print('OUTSIDE', outside)\n"
        "print('DJANGO', 'django' in sys.modules)\n",
        encoding="utf-8",
    )
    empty = tmp_path / "empty"
    empty.mkdir()
    result = run_alone(program, cwd=empty)
    assert result.returncode == 0, result.stderr
    assert "kingrifki-log/2" in result.stdout
    assert f"ENGINE {verifier_file}/games/engine/__init__.py" in result.stdout
    assert "OUTSIDE []" in result.stdout and "DJANGO False" in result.stdout


def test_a_file_that_is_not_an_export_fails_with_exit_1(tmp_path, verifier):
    junk = tmp_path / "junk.jsonl"
    junk.write_text('{"record": "header", "format": "other/1", "kind": "match"}\nnot json\n', encoding="utf-8")
    code, out = verifier(junk)
    assert code == 1 and "FAIL  format" in out and "line 2 is not JSON" in out
    code, out = verifier(tmp_path / "missing.jsonl")
    assert code == 1 and "cannot read" in out
