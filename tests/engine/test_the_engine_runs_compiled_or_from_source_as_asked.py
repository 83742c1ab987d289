"""``make`` compiles the engine with mypyc; ``KINGRIFKI_ENGINE=python`` runs its sources instead.

The engine suite runs under both (``make test``), so these checks say which build a run is
proving, and fail when CI would otherwise test a silent fallback.
"""

import importlib
import os
import pathlib
import subprocess
import sys

import games.engine

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import build_engine  # noqa: E402

ENGINE_DIR = pathlib.Path(games.engine.__file__).parent


def module_file(name):
    return pathlib.Path(importlib.import_module(f"games.engine.{name}").__file__)


def test_the_running_build_is_the_one_asked_for():
    if os.environ.get("KINGRIFKI_ENGINE") == "python":
        assert not games.engine.COMPILED
        assert all(module_file(name).suffix == ".py" for name in build_engine.COMPILED)
    elif build_engine.built_extensions():
        assert games.engine.COMPILED
        assert all(module_file(name).suffix in (".so", ".pyd") for name in build_engine.COMPILED)
    else:
        assert not games.engine.COMPILED


def test_ci_runs_the_suite_on_the_compiled_engine():
    if os.environ.get("REQUIRE_COMPILED_ENGINE") != "1":
        return  # only CI demands the build; a developer may run pytest on the sources
    if os.environ.get("KINGRIFKI_ENGINE") == "python":
        assert not games.engine.COMPILED  # the second, deliberate run on the sources
    else:
        assert games.engine.COMPILED, "make test must compile the engine (tools/build_engine.py)"


def test_every_hot_module_is_compiled_and_the_rest_stay_python():
    compiled = {p.name.split(".")[0] for p in build_engine.built_extensions()}
    if not compiled:
        return  # nothing built in this checkout; the test above says whether that is allowed
    assert set(build_engine.COMPILED) <= compiled
    # Action subclasses dict, which a compiled class cannot: it must stay interpreted.
    assert "actions" not in compiled and "errors" not in compiled


def test_the_sources_can_be_forced_even_when_the_build_is_present():
    code = "import games.engine as e, games.engine.state as s; print(e.COMPILED, s.__file__.endswith('.py'))"
    env = dict(os.environ, KINGRIFKI_ENGINE="python")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]
