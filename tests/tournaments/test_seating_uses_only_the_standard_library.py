"""The seating functions are pure: no Django (importing them loads no part of it) and nothing
beyond the standard library, so they run anywhere, in any process, without a database."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEATING = ROOT / "tournaments" / "seating"


def test_importing_the_seating_functions_loads_no_django():
    program = (
        "import sys, tournaments.seating\n"
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))"
    )
    result = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_every_import_is_the_standard_library_or_the_package_itself():
    sources = sorted(SEATING.rglob("*.py"))
    assert sources
    for source in sources:
        for node in ast.walk(ast.parse(source.read_text(), str(source))):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                modules = [] if node.level else [node.module]
            else:
                continue
            for module in modules:
                assert module.split(".")[0] in sys.stdlib_module_names, (source.name, module)
