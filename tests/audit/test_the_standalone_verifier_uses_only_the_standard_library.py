"""The verifier is one file an outsider can run anywhere: it imports the standard library only,
and runs isolated from a directory holding nothing but its copy."""

import ast
import subprocess
import sys

import pytest

from tests.audit.conftest import VERIFIER

pytestmark = pytest.mark.django_db


def test_every_import_is_the_standard_library():
    tree = ast.parse(VERIFIER.read_text(encoding="utf-8"))
    modules = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    modules += [node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert modules and all(m.split(".")[0] in sys.stdlib_module_names for m in modules), modules
    assert not any(isinstance(node, ast.ImportFrom) and node.level for node in ast.walk(tree))


def test_an_isolated_copy_runs_and_loads_nothing_of_the_project(tmp_path):
    copy = tmp_path / "verify_export.py"
    copy.write_bytes(VERIFIER.read_bytes())
    program = (
        "import runpy, sys; sys.argv = ['verify_export.py', '--help']\n"
        "try:\n    runpy.run_path('verify_export.py', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "project = ('django', 'games', 'tournaments', 'bots')\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in project)\n"
        "print('LOADED', loaded)"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-c", program], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert "kingrifki-log/2" in result.stdout and "LOADED []" in result.stdout


def test_a_file_that_is_not_an_export_fails_with_exit_1(tmp_path, verifier):
    junk = tmp_path / "junk.jsonl"
    junk.write_text('{"record": "header", "format": "other/1", "kind": "match"}\nnot json\n', encoding="utf-8")
    code, out = verifier(junk)
    assert code == 1 and "FAIL  format" in out and "line 2 is not JSON" in out
    code, out = verifier(tmp_path / "missing.jsonl")
    assert code == 1 and "cannot read" in out
