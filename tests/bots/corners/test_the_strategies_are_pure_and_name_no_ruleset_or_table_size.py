"""The Kings in the Corner strategies are pure Python on the engine: importing and playing them
loads no Django and imports nothing of the site but ``games.engine``; and they name no ruleset
and no table size (they read both from the view and the descriptor)."""

import ast
import re
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[3] / "bots" / "strategies" / "corners"

SCRIPT = """
import random, sys
from bots.strategies.corners import STRATEGIES
from games.engine import RULESETS, new_game
for name, game in RULESETS.items():
    if game.trick_taking:
        continue
    state = new_game(name, seed=1, options={"players": 3})
    rng = random.Random(1)
    while not state.deals:
        state.apply(STRATEGIES["heuristic"](state.view(state.to_act), rng))
loaded = sorted(m for m in sys.modules if m == "django" or m.startswith("django."))
assert not loaded, loaded
"""


def test_importing_and_playing_loads_no_django():
    result = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_the_package_imports_only_the_engine_and_itself():
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and not node.level:
                assert node.module.split(".")[0] not in ("bots", "tournaments", "django"), (path.name, node.module)
                assert (
                    node.module == "games.engine" or node.module.startswith("games.engine.") or "." not in node.module
                ), (path.name, node.module)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name.split(".")[0] not in (
                        "bots",
                        "tournaments",
                        "django",
                        "games",
                    ) or alias.name.startswith("games.engine"), (path.name, alias.name)


LITERALS = re.compile(r"""(["'])(king|rifki|corners|corners_jax)\1|range\(\d\)|%\s*\d\b|players"\]\s*==""")


def test_no_ruleset_name_or_table_size_is_written_in_the_strategies():
    found = [
        f"{path.name}:{n}: {line.strip()}"
        for path in sorted(PACKAGE.glob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if LITERALS.search(line)
    ]
    assert not found, found
